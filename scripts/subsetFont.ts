// Cuts the titles' typeface (Fraunces 600, Latin, from @fontsource) down to the characters of
// French and English titles: src/styles/fonts/fraunces-latin-600-fr.woff2 (committed), 12 KB
// instead of 18. Every page preloads it beside its photo, and on a phone's slow network every byte
// fetched beside the photo delays it (issue 33). The characters are the unicode-range of its
// @font-face in src/styles/global.css, read from there (one list); a title with another Latin
// character (ñ, ö, ß…) makes the browser fetch the whole Latin file, declared before it.
//
// A development tool only: it needs fonttools' pyftsubset on PATH (Debian: apt-get install
// fonttools python3-brotli). Run: node scripts/subsetFont.ts
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const source = join(root, 'node_modules/@fontsource/fraunces/files/fraunces-latin-600-normal.woff2');
const output = join(root, 'src/styles/fonts/fraunces-latin-600-fr.woff2');

const css = readFileSync(join(root, 'src/styles/global.css'), 'utf8');
const face = /@font-face\s*{[^}]*fraunces-latin-600-fr\.woff2[^}]*}/.exec(css)?.[0];
const range = face && /unicode-range:\s*([^;]+);/.exec(face)?.[1];
if (!range) throw new Error('src/styles/global.css: no @font-face with fraunces-latin-600-fr.woff2 and a unicode-range');

const result = spawnSync(
  'pyftsubset',
  [source, `--unicodes=${range.replace(/\s+/g, '')}`, '--layout-features=kern,liga', '--no-hinting', '--flavor=woff2', `--output-file=${output}`],
  { stdio: 'inherit' },
);
if (result.error || result.status !== 0) throw new Error(`pyftsubset failed${result.error ? `: ${result.error.message}` : ''}`);
console.log(`${output}: ${(statSync(output).size / 1024).toFixed(1)} KB (from ${(statSync(source).size / 1024).toFixed(1)} KB)`);
