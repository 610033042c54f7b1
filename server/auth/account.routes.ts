// Tag "account" (issue 29): the signed-in administrator's second factors.
import type { TagModule } from '../http/operations.ts';
import * as service from './secondFactor.service.ts';

/** The signed-in administrator (every operation of this tag needs the bearer token). */
const who = (userId: number | null): number => {
  if (userId === null) throw new Error('account: no administrator on a bearer operation');
  return userId;
};

export const accountRoutes: TagModule<'getAccountSecurity' | 'setupTotp' | 'confirmTotp' | 'deleteTotp' | 'regenerateRecoveryCodes'> = {
  tag: 'account',
  handlers: {
    getAccountSecurity: async (_arg, { services, userId }) => service.accountSecurity(services.db, who(userId), services.requireSecondFactor),
    setupTotp: async (_arg, { services, userId }) => service.setupTotp(services, who(userId)),
    confirmTotp: async ({ factorProof }, { req, services, userId }) => service.confirmTotp(services, req.ip, who(userId), factorProof),
    deleteTotp: async ({ factorProof }, { req, services, userId }) => service.turnOffTotp(services, req.ip, who(userId), factorProof),
    regenerateRecoveryCodes: async ({ factorProof }, { req, services, userId }) => service.regenerateRecoveryCodes(services, req.ip, who(userId), factorProof),
  },
};
