import { useEffect } from 'react';
import { business } from '../app/business';

/**
 * Sets the page's French <title> and meta description. Runs in an effect: nothing touches
 * `document` while rendering, so the pages can be rendered on the server later.
 */
export function usePageMeta(title: string, description: string) {
  useEffect(() => {
    document.title = title.includes(business.name) ? title : `${title} | ${business.name}`;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
