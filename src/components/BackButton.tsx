import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../contract/paths';
import { useLang } from '../lib/lang';

/**
 * 'Retour': back in history, or to the welcome page when this page is the first one of the
 * visit (react-router gives the first location the key "default").
 */
export function BackButton() {
  const { t, to } = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const hasHistory = location.key !== 'default';
  return (
    <button
      type="button"
      className="button button-secondary back-button"
      onClick={() => void (hasHistory ? navigate(-1) : navigate(to(paths.welcome.href())))}
    >
      <span aria-hidden="true">← </span>
      {t.site.back}
    </button>
  );
}
