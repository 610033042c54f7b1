import { Link } from 'react-router';
import { messages } from '../../app/messages';
import { paths } from '../../app/paths';

export function NotFoundPage() {
  const t = messages.common;
  return (
    <section className="not-found">
      <h1>{t.notFoundTitle}</h1>
      <p>{t.notFoundText}</p>
      <Link to={paths.welcome.href()}>{t.notFoundLink}</Link>
    </section>
  );
}
