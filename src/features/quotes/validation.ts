// The quote request form's rules, checked in the browser before sending so that each field says
// what is wrong in French; the server checks them all again (openapi.yaml QuoteRequest and
// server/quotes/service.ts) and its answer names the field it refuses.
import { messages } from '../../messages';

export const MAX_PHOTOS = 5;
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
export const MESSAGE_MIN = 20;
export const MESSAGE_MAX = 2000;
const PHOTO_TYPES = /^image\/(jpeg|png|webp|avif|gif)$/;
const PHOTO_NAMES = /\.(jpe?g|png|webp|avif|gif)$/i;

export type QuoteField = 'Name' | 'Email' | 'Phone' | 'City' | 'Work' | 'Message' | 'Consent' | 'Photos';
export type QuoteErrors = Partial<Record<QuoteField, string>>;

export interface QuoteValues {
  Name: string;
  Email: string;
  Phone: string;
  City: string;
  Message: string;
  Consent: boolean;
  Photos: File[];
}

const EMAIL = /^[^@\s<>",;]+@[^@\s<>",;]+\.[^@\s<>",;]+$/;
const PHONE = /^[+]?[0-9 ().-]{10,24}$/;

/** Code points, as the server counts them. */
const length = (text: string) => [...text].length;

export function photoErrors(photos: File[]): string | undefined {
  const t = messages.quotes.errors;
  if (photos.length > MAX_PHOTOS) return t.tooManyPhotos;
  for (const photo of photos) {
    if (!PHOTO_TYPES.test(photo.type) && !PHOTO_NAMES.test(photo.name)) return t.photoType(photo.name);
    if (photo.size > MAX_PHOTO_BYTES) return t.photoSize(photo.name);
  }
  return undefined;
}

export function validateQuote(values: QuoteValues): QuoteErrors {
  const t = messages.quotes.errors;
  const errors: QuoteErrors = {};
  const name = values.Name.trim();
  if (name === '' || length(values.Name) > 100) errors.Name = t.name;
  const email = values.Email.trim();
  const phone = values.Phone.trim();
  if (email === '' && phone === '') errors.Email = t.contact;
  else if (email !== '' && (length(values.Email) > 254 || !EMAIL.test(values.Email))) errors.Email = t.email;
  if (phone !== '') {
    const digits = phone.replace(/[^0-9]/g, '').length;
    if (!PHONE.test(values.Phone) || digits < 10 || digits > 15) errors.Phone = t.phone;
  }
  if (length(values.City) > 100) errors.City = t.city;
  const message = values.Message.trim();
  if (length(message) < MESSAGE_MIN || length(values.Message) > MESSAGE_MAX) errors.Message = t.message;
  if (!values.Consent) errors.Consent = t.consent;
  const photos = photoErrors(values.Photos);
  if (photos) errors.Photos = photos;
  return errors;
}
