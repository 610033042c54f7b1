// Shell administration: npm run admin -- add-user EMAIL | reset-password EMAIL | reset-2fa EMAIL
// The password comes from ADMIN_PASSWORD, else a random one is printed once. reset-2fa (issue 29)
// removes the administrator's second factors (the owner who lost the phone and the recovery codes)
// and ends their sessions; the password stays.
import { fileURLToPath } from 'node:url';
import { randomPassword } from './auth/passwords.ts';
import { configFromEnv } from './config.ts';
import { openDatabase } from './db/database.ts';
import { createUser, resetPassword } from './db/seed.ts';
import { findUserByEmail } from './auth/user.repository.ts';
import { messages } from './domain/messages.ts';
import { resetSecondFactor } from './auth/secondFactor.service.ts';

const t = messages.cli;

async function run(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if (!command || !email || !['add-user', 'reset-password', 'reset-2fa'].includes(command)) {
    console.error(t.adminUsage);
    return 2;
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length < 7 || email.length > 50) {
    console.error(t.emailInvalid(email));
    return 2;
  }
  const given = process.env.ADMIN_PASSWORD;
  if (given !== undefined && (given.length < 8 || given.length > 50)) {
    console.error(t.passwordLength);
    return 2;
  }
  const password = given || randomPassword();
  const env = configFromEnv(process.env, fileURLToPath(new URL('..', import.meta.url)));
  const db = await openDatabase(env.app);
  try {
    if (command === 'reset-2fa') {
      if (!(await resetSecondFactor(db, email))) {
        console.error(t.noUser(email));
        return 1;
      }
      console.log(t.secondFactorReset(email));
      return 0;
    }
    if (command === 'add-user') {
      const exists = await findUserByEmail(db, email);
      if (exists) {
        console.error(t.userExists(email));
        return 1;
      }
      await createUser(db, email, password, env.app.passwordCost);
      console.log(t.userAdded(email));
    } else {
      if (!(await resetPassword(db, email, password, env.app.passwordCost))) {
        console.error(t.noUser(email));
        return 1;
      }
      console.log(t.passwordChanged(email));
    }
    if (!given) console.log(t.passwordOnce(password));
    return 0;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await run(process.argv.slice(2));
