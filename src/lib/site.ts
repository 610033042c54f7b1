// The business as the owner set it in « Paramètres du site » (GET /api/site): its name, phone,
// addresses, texts and page photos. The public layout loads it once for the whole app (the
// server's render includes it) and hands it down; pages read it with useSite().
import { createContext, useContext } from 'react';
import type { Media, SiteSettings } from '../api/api.enhanced';

export type { SiteSettings };

export const SiteContext = createContext<SiteSettings | null>(null);

/** The site's settings, inside the public layout (which shows nothing else before they arrive). */
export function useSite(): SiteSettings {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() outside the public layout');
  return site;
}

/** The tel: link of the phone as shown: its 10 digits (11 with the leading 1), in +1 form. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}

/** The map search of the business's address (street and postal code when given). */
export function mapsUrl(site: Pick<SiteSettings, 'Street' | 'City' | 'Province' | 'PostalCode'>): string {
  const address = [site.Street, site.City, site.Province, site.PostalCode].filter((part) => part.trim() !== '').join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** A text of several lines as paragraphs (empty lines dropped). */
export const paragraphs = (text: string): string[] => text.split('\n').map((line) => line.trim()).filter(Boolean);

/** A page photo: its name and what the server knows of it. */
export const pagePhoto = (site: SiteSettings, page: 'Welcome' | 'About' | 'Contact'): { name: string; media?: Media } => ({
  name: site[`${page}Photo`],
  media: site.PhotoMedia?.[page],
});
