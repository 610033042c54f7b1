import { Component, type ReactNode } from 'react';
import { langOfPath } from '../../contract/paths';
import { messagesOf } from '../lib/lang';

interface State {
  failed: boolean;
}

/**
 * A page that throws while it renders shows a message and a way out instead of a blank
 * screen; the header and footer stay. The Layout keys it by path, so another page starts afresh.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('Page error', error);
  }

  override render() {
    return this.state.failed ? <PageError /> : this.props.children;
  }
}

/**
 * What a page that failed shows, in its language. Only ever in the browser (on the server a
 * failed render is the server's error page), and around any tree, inside a router or not: the
 * language is read from the browser's address.
 */
function PageError() {
  const t = messagesOf(langOfPath(window.location.pathname)).site.status;
  return (
    <div className="page" role="alert">
      <h1>{t.pageError}</h1>
      <p>{t.pageErrorHint}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t.reload}
      </button>
    </div>
  );
}
