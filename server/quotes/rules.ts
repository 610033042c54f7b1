// Quote requests (issue 17): the limits, the spam rules and every French sentence the server says
// about them. The field rules themselves are the contract's (openapi.yaml, QuoteRequest).
import { createHmac, timingSafeEqual } from 'node:crypto';

/** At most five photos, each an image of at most 20 Mo (the image library's limit). */
export const MAX_PHOTOS = 5;
/** A form sent sooner than this after it was shown is a robot's: a person takes longer to type. */
export const MIN_FILL_MS = 3_000;
/** A form token is good for a day (a person may leave the page open, then send). */
export const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Requests accepted per address and hour; the next ones get 429. */
export const DEFAULT_QUOTE_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 };
/** Default of QUOTE_RETENTION_DAYS. */
export const DEFAULT_RETENTION_DAYS = 365;
/** The choice of « Type de travaux » beside the categories. */
export const OTHER_WORK = 'Autre';

/** Outbox: the delay before the n-th new attempt (n ≥ 1): 30 s, 1 min, 2 min… at most one hour. */
export const retryDelayMs = (attempts: number): number => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);

/** The text fields of the form, in the order of the form. */
export const QUOTE_FIELDS = ['Name', 'Email', 'Phone', 'City', 'Work', 'Message', 'Consent', 'Website', 'Token'] as const;
export type QuoteField = (typeof QUOTE_FIELDS)[number];

export const quoteMessages = {
  sent: 'Merci ! Votre demande est bien reçue. Nous vous répondrons d’ici deux jours ouvrables, par courriel ou par téléphone.',
  field: {
    Name: 'Indiquez votre nom (100 caractères au plus).',
    Email: 'Adresse courriel invalide (exemple : nom@domaine.ca).',
    Phone: 'Numéro de téléphone invalide : de 10 à 15 chiffres (exemple : 819 555-0142).',
    City: 'La ville compte au plus 100 caractères.',
    Work: 'Choisissez un type de travaux de la liste.',
    Message: 'Décrivez votre projet en 20 à 2 000 caractères.',
    Consent: 'Cochez la case de consentement pour envoyer votre demande.',
    Website: 'Ce champ doit rester vide.',
    Token: 'Le formulaire a expiré : rechargez la page et réessayez.',
    Photos: 'Cinq photos au plus.',
  } satisfies Record<QuoteField | 'Photos', string>,
  contactRequired: 'Indiquez un courriel ou un numéro de téléphone pour que nous puissions vous répondre.',
  robot: 'Votre demande ressemble à un envoi automatique et n’a pas été enregistrée. Si vous êtes une personne, rechargez la page, remplissez le formulaire et réessayez.',
  tooFast: 'Envoi trop rapide : prenez quelques secondes pour relire votre demande, puis envoyez-la de nouveau.',
  tooMany: (minutes: number) => `Trop de demandes envoyées depuis votre connexion : réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}, ou appelez-nous.`,
  photo: (n: number, reason: string) => `Photo ${n} refusée : ${reason}`,
  photoTooLarge: 'Photo trop volumineuse (20 Mo au plus par photo).',
  malformed: 'Formulaire incomplet ou endommagé : rechargez la page et réessayez.',
  otherSite: 'Ce formulaire doit être envoyé depuis notre site : rechargez la page et réessayez.',
  notFound: 'Demande introuvable : elle a peut-être été effacée.',
  updated: 'Demande mise à jour.',
  deleted: 'Demande effacée.',
  photoNotFound: 'Photo introuvable.',
} as const;

const sign = (key: Uint8Array, issuedAt: number) => createHmac('sha256', key).update(`quote-form:${issuedAt}`).digest('base64url');

/** A form token: the moment the form was shown, signed so that it cannot be made up. */
export const formToken = (key: Uint8Array, now: number): string => `${now}.${sign(key, now)}`;

/** How old a token is, in ms, or null when it is not one of ours (or from the future, or expired). */
export function tokenAge(key: Uint8Array, token: string, now: number): number | null {
  const match = /^([0-9]{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(sign(key, issuedAt));
  const given = Buffer.from(match[2] as string);
  if (!timingSafeEqual(expected, given)) return null;
  const age = now - issuedAt;
  return age < 0 || age > TOKEN_LIFETIME_MS ? null : age;
}
