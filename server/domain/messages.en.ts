// The server's English sentences (issue 27), beside the French catalogue (messages.ts): what a
// visitor reads of a quote request's answers when the form was English. Typed from the French
// catalogue, so that the type check fails when a French visitor text has no English. What only
// the owner reads (the inbox, the e-mail) stays French, as the whole admin does.
import type { Lang } from '../../contract/paths.ts';
import { messages } from './messages.ts';

/** The French catalogue's shape with plain strings (it is `as const`). */
type Catalogue<T> = {
  [K in keyof T]: T[K] extends string ? string : T[K] extends (...args: infer A) => string ? (...args: A) => string : Catalogue<T[K]>;
};

/** What only the owner reads of quote requests. */
type OwnerOnly = 'mail' | 'notFound' | 'updated' | 'deleted' | 'photoNotFound';

/** What a visitor reads of a quote request's answers, photo refusals' reasons included. */
export type QuoteAnswerTexts = Catalogue<
  Omit<typeof messages.quote, OwnerOnly> & { photoReason: Pick<typeof messages.image, 'unsupported' | 'tooManyPixels' | 'damaged'> }
>;

const english: QuoteAnswerTexts = {
  sent: 'Thank you! Your request has been received. We will get back to you within two business days, by email or by phone.',
  field: {
    Name: 'Please enter your name (100 characters at most).',
    Email: 'Invalid email address (for example: name@domain.ca).',
    Phone: 'Invalid phone number: 10 to 15 digits (for example: 819 555-0142).',
    City: 'The city can be 100 characters at most.',
    Work: 'Choose a type of work from the list.',
    Message: 'Describe your project in 20 to 2,000 characters.',
    Consent: 'Check the consent box to send your request.',
    Website: 'This field must stay empty.',
    Token: 'The form has expired: reload the page and try again.',
    Photos: 'Five photos at most.',
    Lang: 'Unknown form language: reload the page and try again.',
  },
  forbiddenCharacter: 'Your text contains a forbidden character (a control, invisible or text direction character): remove it and try again.',
  contactRequired: 'Enter an email address or a phone number so that we can get back to you.',
  robot: 'Your request looks like an automated submission and was not saved. If you are a person, reload the page, fill in the form and try again.',
  tooFast: 'Sent too quickly: take a few seconds to read over your request, then send it again.',
  tokenUsed: 'This form has already been sent: reload the page to send another request.',
  tooMany: (minutes: number) => `Too many requests sent from your connection: try again in ${minutes} minute${minutes > 1 ? 's' : ''}, or give us a call.`,
  photo: (n: number, reason: string) => `Photo ${n} refused: ${reason}`,
  photoTooLarge: 'Photo too large (20 MB at most per photo).',
  malformed: 'Incomplete or damaged form: reload the page and try again.',
  otherSite: 'This form must be sent from our website: reload the page and try again.',
  page: {
    sent: 'Request sent',
    notSent: 'Request not sent',
    home: 'Back to the home page',
    back: 'Go back to the form with your browser’s Back button: what you wrote is still there. You can also',
    reopen: 'reopen the form',
    orCall: 'or give us a call.',
  },
  photoReason: {
    unsupported: 'Image format not supported',
    tooManyPixels: 'Image too large (50 megapixels at most)',
    damaged: 'Damaged or unreadable image: export it again and try again.',
  },
};

/** A quote request's answers in the language of its form. */
export const quoteAnswers: Record<Lang, QuoteAnswerTexts> = {
  fr: { ...messages.quote, photoReason: messages.image },
  en: english,
};
