// Tag "account" (issue 29): the signed-in administrator's second factors.
import type { TagModule } from '../http/operations.ts';
import { originOf } from '../http/render.ts';
import * as service from './secondFactor.service.ts';
import * as passkeys from './passkey.service.ts';

/** The signed-in administrator (every operation of this tag needs the bearer token). */
const who = (userId: number | null): number => {
  if (userId === null) throw new Error('account: no administrator on a bearer operation');
  return userId;
};

export const accountRoutes: TagModule<
  | 'getAccountSecurity'
  | 'setupTotp'
  | 'confirmTotp'
  | 'deleteTotp'
  | 'regenerateRecoveryCodes'
  | 'passkeyRegistrationOptions'
  | 'passkeyProofOptions'
  | 'addPasskey'
  | 'deletePasskey'
> = {
  tag: 'account',
  handlers: {
    getAccountSecurity: async (_arg, { services, userId }) => service.accountSecurity(services.db, who(userId), services.requireSecondFactor),
    setupTotp: async (_arg, { services, userId }) => service.setupTotp(services, who(userId)),
    confirmTotp: async ({ factorProof }, { req, services, userId }) => service.confirmTotp(services, req.ip, who(userId), factorProof),
    deleteTotp: async ({ factorProof }, { req, services, userId }) => service.turnOffTotp(services, req.ip, who(userId), factorProof, originOf(req, services.publicUrl)),
    regenerateRecoveryCodes: async ({ factorProof }, { req, services, userId }) =>
      service.regenerateRecoveryCodes(services, req.ip, who(userId), factorProof, originOf(req, services.publicUrl)),
    // Passkeys: the relying party is the site's origin (PUBLIC_URL, else the request's own, as for
    // canonical links; X-Forwarded-* only from the proxies TRUST_PROXY names).
    passkeyRegistrationOptions: async (_arg, { req, services, userId }) => passkeys.passkeyRegistrationOptions(services, originOf(req, services.publicUrl), who(userId)),
    passkeyProofOptions: async (_arg, { req, services, userId }) => passkeys.passkeyProofOptions(services, originOf(req, services.publicUrl), who(userId)),
    addPasskey: async ({ passkeyRegistration }, { req, services, userId, journal }) =>
      passkeys.addPasskey(services, req.ip, originOf(req, services.publicUrl), who(userId), passkeyRegistration, journal),
    deletePasskey: async ({ id, factorProof }, { req, services, userId, journal }) =>
      passkeys.deletePasskey(services, req.ip, originOf(req, services.publicUrl), who(userId), id, factorProof, journal),
  },
};
