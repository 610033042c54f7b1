import { Link } from 'react-router';
import { paths } from '../../contract/paths';
import { useLang } from '../lib/lang';

/** Unknown path, non-numeric id or unknown id: a page in the path's language inside the layout, with a way home. */
export function NotFoundPage() {
  const { t: catalogue, to } = useLang();
  const t = catalogue.common;
  return (
    <section className="page not-found">
      <h1>{t.notFoundTitle}</h1>
      <p>{t.notFoundText}</p>
      <Link className="button" to={to(paths.welcome.href())}>
        {t.notFoundLink}
      </Link>
    </section>
  );
}
