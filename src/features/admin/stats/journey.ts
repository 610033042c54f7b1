// A quote request's journey (issue 30) in words: « Arrivé par : Google → Terrasse en cèdre → Contact ».
// The server gives the referring site's host (or utm_source) then the French paths seen; the
// names of projects, types and categories come from the lists the admin already reads.
import { useGetCategoriesQuery, useGetProjectTypesQuery, useGetProjectsQuery } from '../../../api/adminApi';
import { messages } from '../../../messages/withAdmin';

const t = messages.admin.stats;

const SITES: Array<[RegExp, string]> = [
  [/^(gbp|gmb|google[-_]?(business|maps|my[-_]?business|profile).*)$/, t.googleProfile],
  [/(^|\.)google\.[a-z.]+$/, 'Google'],
  [/(^|\.)bing\.com$/, 'Bing'],
  [/(^|\.)duckduckgo\.com$/, 'DuckDuckGo'],
  [/(^|\.)yahoo\.[a-z.]+$/, 'Yahoo'],
  [/(^|\.)(facebook\.com|fb\.me)$|^facebook$|^fb$/, 'Facebook'],
  [/(^|\.)instagram\.com$|^instagram$/, 'Instagram'],
  [/(^|\.)linkedin\.com$/, 'LinkedIn'],
];

/** A referring site's name: Google, Facebook…, or its host as is; « Accès direct » for none. */
export const siteName = (host: string): string => (host === '' ? t.direct : (SITES.find(([pattern]) => pattern.test(host))?.[1] ?? host));

/** Names a public page's French path: « Accueil », a project's name… */
export function usePageName(): (path: string) => string {
  const projects = useGetProjectsQuery().data ?? [];
  const types = useGetProjectTypesQuery().data ?? [];
  const categories = useGetCategoriesQuery().data ?? [];
  return (path) => {
    const fixed = t.pageNames[path];
    if (fixed) return fixed;
    const [, kind, raw] = /^\/(project|projecttype|typeslist)\/(\d+)$/.exec(path) ?? [];
    const id = Number(raw);
    if (kind === 'project') return projects.find((p) => p.Id === id)?.Name ?? t.projectName(id);
    if (kind === 'projecttype') return types.find((p) => p.Id === id)?.Name ?? t.typeName(id);
    if (kind === 'typeslist') return categories.find((c) => c.Id === id)?.Name ?? t.categoryName(id);
    return path;
  };
}

/** The journey's sentence, or the words for none. */
export function journeyText(journey: string[], pageName: (path: string) => string): string {
  if (journey.length === 0) return t.noJourney;
  const [host = '', ...pages] = journey;
  return t.journey([siteName(host), ...pages.map(pageName)]);
}
