import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useGetMenuQuery } from '../api/api.enhanced';
import { frenchPath, inLang, langTags, paths } from '../../contract/paths';
import { Own, ownText, useLang } from '../lib/lang';
import { useSite } from '../lib/site';
import { useHydrated } from './useHydrated';

/**
 * The top menu (WAI-ARIA disclosure pattern): a logo, three drop-downs opened by a button with
 * aria-expanded, closed on outside click, on Escape (focus back on the button) and when Tab
 * takes the focus out of the drop-down; the right-side links. On a phone the whole menu folds
 * behind a « Menu » button. The entries are the owner's (GET /api/menu, in the server's render).
 * Rendered by the server, and until the script runs (or without JavaScript), the header
 * is `is-static`: the style sheet opens a drop-down, and on a phone the menu, while the pointer is
 * on it or the focus in it, so every entry can be read and followed. When the script takes over,
 * what the visitor had opened that way stays open (see `openedBeforeScripts`).
 * The entries' labels and links are in the page's language; beside them, a plain link to the
 * same page in the other language (a full page load: that page brings its own texts).
 */
export function SiteHeader() {
  const { lang, t: catalogue, to } = useLang();
  const t = catalogue.site.menu;
  const { data: menu = { Dropdowns: [], Links: [] } } = useGetMenuQuery();
  const site = useSite();
  const [open, setOpen] = useState<number | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const buttonRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();
  const navId = `${id}-nav`;
  const hydrated = useHydrated();

  const closeAll = useCallback(() => {
    setOpen(null);
    setMobileOpen(false);
  }, []);

  useLayoutEffect(() => {
    if (!hydrated || !headerRef.current) return;
    const opened = openedBeforeScripts(headerRef.current, toggleRef.current);
    setOpen(opened.dropdown);
    setMobileOpen(opened.menu);
  }, [hydrated]);

  useEffect(() => {
    if (open === null && !mobileOpen) return;
    const onClick = (event: MouseEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) closeAll();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (open !== null) {
        buttonRefs.current[open]?.focus();
        setOpen(null);
      } else {
        toggleRef.current?.focus();
        setMobileOpen(false);
      }
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, mobileOpen, closeAll]);

  return (
    <header className={hydrated ? 'site-header' : 'site-header is-static'} ref={headerRef}>
      <div className="header-inner">
        <Link to={to(paths.root.href())} className="logo" aria-label={t.logo(site.BusinessName)} onClick={closeAll}>
          <LogoMark />
          <span className="logo-text">{site.BusinessName}</span>
        </Link>
        <OtherLanguage label={t.otherLanguage} other={lang === 'fr' ? 'en' : 'fr'} />
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={mobileOpen}
          aria-controls={navId}
          onClick={() => setMobileOpen((value) => !value)}
        >
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" focusable="false">
            <path d="M2 5h16M2 10h16M2 15h16" stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
          {t.toggle}
        </button>
        <nav id={navId} aria-label={t.label} className={mobileOpen ? 'site-nav is-open' : 'site-nav'}>
          <ul className="nav-dropdowns">
            {menu.Dropdowns.map((dropdown, index) => {
              const panelId = `${id}-panel-${index}`;
              const isOpen = open === index;
              return (
                <li
                  key={index}
                  className="dropdown"
                  onBlur={(event) => {
                    const next = event.relatedTarget;
                    if (isOpen && next instanceof Node && !event.currentTarget.contains(next)) setOpen(null);
                  }}
                >
                  <button
                    ref={(element) => {
                      buttonRefs.current[index] = element;
                    }}
                    type="button"
                    className="dropdown-button"
                    aria-expanded={isOpen}
                    aria-controls={panelId}
                    onClick={() => setOpen(isOpen ? null : index)}
                  >
                    <Own text={ownText(lang, dropdown.Title, dropdown.En?.Title)} />
                    <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" focusable="false">
                      <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="1.8" fill="none" />
                    </svg>
                  </button>
                  <ul id={panelId} className="dropdown-panel" hidden={!isOpen}>
                    {dropdown.Entries.map((entry, entryIndex) => (
                      <li key={entryIndex}>
                        <NavLink to={to(entry.Href)} onClick={closeAll}>
                          <Own text={ownText(lang, entry.Label, entry.En?.Label)} />
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
          <ul className="nav-links">
            {menu.Links.map((link, linkIndex) => (
              <li key={linkIndex}>
                <NavLink to={to(link.Href)} onClick={closeAll}>
                  <Own text={ownText(lang, link.Label, link.En?.Label)} />
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

/**
 * What the style sheet shows open in the `is-static` header, for the state to take over in the
 * same frame: a drop-down (and on a phone the menu) with the focus in it, or under the pointer
 * on a touch screen, where a tap leaves the pointer there. On a phone's slow network the scripts
 * start seconds after the page shows; a menu tapped open meanwhile closed under the finger when
 * they did. A mouse merely passing over the header opens nothing that would then stay open.
 */
function openedBeforeScripts(header: HTMLElement, toggle: HTMLElement | null): { dropdown: number | null; menu: boolean } {
  const engaged = (element: Element) => element.matches(':focus-within') || (element.matches(':hover') && matchMedia('(hover: none)').matches);
  // Nothing engaged (the usual case): no style read, which would lay out the page within the commit.
  if (!engaged(header)) return { dropdown: null, menu: false };
  const index = [...header.querySelectorAll('.dropdown')].findIndex(engaged);
  return { dropdown: index < 0 ? null : index, menu: !!toggle && getComputedStyle(toggle).display !== 'none' };
}

/** The same page in the other language: a plain link, named in that language, marked with it. */
function OtherLanguage({ label, other }: { label: string; other: 'fr' | 'en' }) {
  const { pathname } = useLocation();
  return (
    <a className="lang-switch" href={inLang(frenchPath(pathname), other)} hrefLang={langTags[other]} lang={langTags[other]}>
      {label}
    </a>
  );
}

/** A small plane-and-board mark drawn in the wood colour. */
function LogoMark() {
  return (
    <svg className="logo-mark" aria-hidden="true" focusable="false" width="36" height="36" viewBox="0 0 36 36">
      <rect x="1" y="1" width="34" height="34" rx="7" fill="currentColor" />
      <path d="M8 24h20M8 19h20M8 14h20" stroke="#faf7f2" strokeWidth="2.4" strokeLinecap="round" />
      <path d="M12 10l3-3h6l3 3" stroke="#faf7f2" strokeWidth="2.4" fill="none" strokeLinejoin="round" />
    </svg>
  );
}
