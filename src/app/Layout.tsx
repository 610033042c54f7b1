import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useGetSiteQuery } from '../api/api.enhanced';
import { useAppSelector } from '../hooks/store';
import { useAppDispatch } from '../hooks/store';
import type { PageOutcome, PageQuery } from './pageState';
import type { RootState } from './store';
import { SiteContext } from '../lib/site';
import { useLang } from '../lib/lang';
import { LoginRedirect } from '../lib/auth/LoginRedirect';
import { LoadError } from '../components/LoadError';
import { PageErrorBoundary } from '../components/PageErrorBoundary';
import { SiteFooter } from '../components/SiteFooter';
import { SiteHeader } from '../components/SiteHeader';
import { useViewBeacon, viewPixel } from '../lib/viewBeacon';

/** The frame of every page, public or admin: the main landmark and its error boundary. */
export function Frame() {
  const { pathname } = useLocation();
  return (
    <>
      <LoginRedirect />
      <main id="contenu" tabIndex={-1}>
        <PageErrorBoundary key={pathname}>
          <Outlet />
        </PageErrorBoundary>
      </main>
    </>
  );
}

/**
 * The public pages: skip link, header and menu, the page, footer; the document's head in step.
 * Everything shows the business (the site's settings): nothing else is shown before they are
 * here (the server's render always brings them).
 */
export function Layout({ outcome, data }: { outcome: PageOutcomeOf; data: (pathname: string) => PageQuery[] }) {
  usePageData(data);
  useDocumentHead(outcome);
  useViewBeacon();
  const { pathname } = useLocation();
  const site = useGetSiteQuery();
  const { t } = useLang();
  if (!site.data) {
    return (
      <main id="contenu" className="page">
        {site.isError ? <LoadError onRetry={() => void site.refetch()} /> : <p role="status">{t.site.status.loading}</p>}
      </main>
    );
  }
  return (
    <SiteContext value={site.data}>
      <a className="skip-link" href="#contenu">
        {t.site.skipLink}
      </a>
      <SiteHeader />
      <Frame />
      <SiteFooter />
      {/* Without JavaScript, the page view is counted by this image (issue 30). */}
      <noscript>
        <img className="visually-hidden" src={viewPixel(pathname)} alt="" width={1} height={1} />
      </noscript>
    </SiteContext>
  );
}

/**
 * Keeps the data the route table says the page shows in the cache while it is shown (the server
 * fetched it the same way): its head may read more than its components do.
 */
function usePageData(data: (pathname: string) => PageQuery[]) {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    const subscriptions = data(pathname).map((query) => query.subscribe(dispatch));
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [data, pathname, dispatch]);
}

/**
 * Keeps document.title and the meta description of the page shown, from the head its route
 * derives from its data (app/router.tsx), the one the server wrote. Runs in an effect: nothing
 * touches `document` while rendering.
 */
function useDocumentHead(outcomeOf: PageOutcomeOf) {
  const { pathname } = useLocation();
  const outcome = useAppSelector((state) => outcomeOf(pathname, state), headEqual);
  const head = outcome.status === 'loading' ? null : outcome.head;
  const title = head?.title;
  const description = head?.description;
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    document.title = title;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}

/** The route table's rule (pageOutcome in app/router.tsx), passed in by the table itself. */
type PageOutcomeOf = (pathname: string, state: RootState) => PageOutcome;

const headEqual = (a: PageOutcome, b: PageOutcome) =>
  a.status === b.status &&
  (a.status === 'loading' || (b.status !== 'loading' && a.head.title === b.head.title && a.head.description === b.head.description));
