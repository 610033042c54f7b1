import { Link } from 'react-router';
import { messages } from '../messages';
import { paths } from '../../contract/paths';

/** Unknown path, non-numeric id or unknown id: a French page inside the layout, with a way home. */
export function NotFoundPage() {
  const t = messages.common;
  return (
    <section className="page not-found">
      <h1>{t.notFoundTitle}</h1>
      <p>{t.notFoundText}</p>
      <Link className="button" to={paths.welcome.href()}>
        {t.notFoundLink}
      </Link>
    </section>
  );
}
