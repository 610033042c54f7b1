// The quote request form's rules, checked in the browser before sending so that each field says
// what is wrong in French; the server checks them all again (openapi.yaml QuoteRequest and
// server/quotes/service.ts) and its answer names the field it refuses.
// Lengths, patterns and the number of photos are the contract's (contract/publicLimits.ts, generated
// from openapi.yaml); the size of a photo is the image library's (contract/images.ts).
import { MAX_IMAGE_BYTES } from '../../../contract/images';
import { publicLimits } from '../../../contract/publicLimits';
import type { PublicMessages } from '../../messages';

const { Name, Email, Phone, City, Message, Photos } = publicLimits.QuoteRequest;
const MAX_PHOTOS = Photos.maxItems;
const MAX_PHOTO_BYTES = MAX_IMAGE_BYTES;
const PHOTO_TYPES = /^image\/(jpeg|png|webp|avif|gif)$/;
const PHOTO_NAMES = /\.(jpe?g|png|webp|avif|gif)$/i;

export type QuoteField = 'Name' | 'Email' | 'Phone' | 'City' | 'Work' | 'Message' | 'Consent' | 'Photos';
export type QuoteErrors = Partial<Record<QuoteField, string>>;

interface QuoteValues {
  Name: string;
  Email: string;
  Phone: string;
  City: string;
  Message: string;
  Consent: boolean;
  Photos: File[];
}

// Both accept an empty text too: they are tested only on a field that is not blank.
const EMAIL = new RegExp(Email.pattern);
const PHONE = new RegExp(Phone.pattern);

/** Code points, as the server counts them. */
const length = (text: string) => [...text].length;

/** The messages of the page's language. */
type Errors = PublicMessages['quotes']['errors'];

export function photoErrors(photos: File[], t: Errors): string | undefined {
  if (photos.length > MAX_PHOTOS) return t.tooManyPhotos;
  for (const photo of photos) {
    if (!PHOTO_TYPES.test(photo.type) && !PHOTO_NAMES.test(photo.name)) return t.photoType(photo.name);
    if (photo.size > MAX_PHOTO_BYTES) return t.photoSize(photo.name, MAX_PHOTO_BYTES / 1024 / 1024);
  }
  return undefined;
}

export function validateQuote(values: QuoteValues, t: Errors): QuoteErrors {
  const errors: QuoteErrors = {};
  const name = values.Name.trim();
  if (name === '' || length(values.Name) > Name.maxLength) errors.Name = t.name;
  const email = values.Email.trim();
  const phone = values.Phone.trim();
  if (email === '' && phone === '') errors.Email = t.contact;
  else if (email !== '' && (length(values.Email) > Email.maxLength || !EMAIL.test(values.Email))) errors.Email = t.email;
  if (phone !== '') {
    const digits = phone.replace(/[^0-9]/g, '').length;
    if (!PHONE.test(values.Phone) || digits < 10 || digits > 15) errors.Phone = t.phone;
  }
  if (length(values.City) > City.maxLength) errors.City = t.city;
  const message = values.Message.trim();
  if (length(message) < Message.minLength || length(values.Message) > Message.maxLength) errors.Message = t.message;
  if (!values.Consent) errors.Consent = t.consent;
  const photos = photoErrors(values.Photos, t);
  if (photos) errors.Photos = photos;
  return errors;
}
