// npm run bench — builds, serves and measures, writes bench/report.md, and exits non-zero when a
// budget is missed:
// - JavaScript and CSS per route, gzipped, split into what public pages load and what only /admin
//   loads (public JS <= 150 KB, CSS <= 20 KB), and what /welcome and /en/welcome load before they
//   are interactive (<= 130 KB each: issue 27's restated budget);
// - the images /welcome downloads on a 390×844 phone before its carousel is interactive (<= 300 KB);
// - Lighthouse, median of 3 runs, mobile and desktop, for /welcome, /typeslist/2, one project and the
//   English /en/welcome and /en/project/{id} (mobile performance 100 and, on a phone, LCP <= 1.2 s,
//   TBT <= 30 ms, CLS <= 0.01: issue 33's targets; desktop >= 98; accessibility, best practices
//   and SEO 100);
// - the API figures of `npm run bench:api`, and the image pipeline's (`npm run bench:images`);
// - the first start after a clone (bench/firstStart.ts): seconds to the first answer (<= 15 s).
//   BENCH_RUNS=1 BENCH_SKIP_API=1 npm run bench   (quicker, for a look)
//   npm run bench -- --weight-only               (build and weigh only: no Lighthouse, no API;
//                                                  prints the weights, keeps bench/report.md)
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM, CHROMIUM_FLAGS, launchBrowser } from '../e2e/support/browser.ts';
import { root, startServer } from '../e2e/support/server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WEIGHT_ONLY = process.argv.includes('--weight-only');
const KB = 1024;
const BUDGET = { publicJs: 150 * KB, welcomeJs: 130 * KB, css: 20 * KB, welcomeImages: 300 * KB };
const SCORES = { mobilePerformance: 100, desktopPerformance: 98, other: 100 };

/** Issue 33's targets for a phone, each a budget (median of the runs, Lighthouse mobile). */
const PHONE = { lcp: 1200, tbt: 30, cls: 0.01 };

/** One Lighthouse mobile run's metrics, its LCP breakdown and its longest main-thread tasks. */
interface PhoneRun {
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  breakdown: Record<string, number>;
  longTasks: string;
}
function phoneRun(lhr: { audits: Record<string, { numericValue?: number; details?: unknown }> }): PhoneRun {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const details = lhr.audits['lcp-breakdown-insight']?.details as { items?: { type?: string; items?: { subpart?: string; duration?: number }[] }[] } | undefined;
  const table = details?.items?.find((item) => item.type === 'table')?.items ?? [];
  const breakdown = Object.fromEntries(table.map((row) => [row.subpart ?? '', Math.round(row.duration ?? 0)]));
  const tasks = (lhr.audits['long-tasks']?.details as { items?: { url?: string; duration?: number }[] } | undefined)?.items ?? [];
  const longTasks = tasks
    .slice(0, 3)
    .map((task) => `${Math.round(task.duration ?? 0)} ${(task.url ?? '').replace(/^https?:\/\/[^/]+/, '') || '?'}`)
    .join(', ');
  return { lcp: value('largest-contentful-paint'), tbt: value('total-blocking-time'), cls: value('cumulative-layout-shift'), fcp: value('first-contentful-paint'), breakdown, longTasks };
}
const phoneRows: string[] = [];
function phoneRow(route: string, runs: PhoneRun[]): string {
  const mid = (pick: (run: PhoneRun) => number) => [...runs.map(pick)].sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? Number.NaN;
  const lcp = mid((r) => r.lcp);
  const tbt = mid((r) => r.tbt);
  const cls = mid((r) => r.cls);
  // The breakdown and the tasks of the run whose LCP is the median.
  const median = runs.find((r) => r.lcp === lcp) ?? runs[0];
  const part = (name: string) => String(median?.breakdown[name] ?? '–');
  const misses: Failure[] = [
    ...(lcp > PHONE.lcp ? [{ what: `${route} LCP on a phone`, measured: `${Math.round(lcp)} ms`, budget: `<= ${PHONE.lcp} ms` }] : []),
    ...(tbt > PHONE.tbt ? [{ what: `${route} TBT on a phone`, measured: `${Math.round(tbt)} ms`, budget: `<= ${PHONE.tbt} ms` }] : []),
    ...(cls > PHONE.cls ? [{ what: `${route} CLS on a phone`, measured: cls.toFixed(3), budget: `<= ${PHONE.cls}` }] : []),
  ];
  failures.push(...misses);
  const met = misses.length === 0;
  return `| \`${route}\` | ${Math.round(lcp)} | ${Math.round(tbt)} | ${cls.toFixed(3)} | ${Math.round(mid((r) => r.fcp))} | ${part('timeToFirstByte')} | ${part('resourceLoadDelay')} | ${part('resourceLoadDuration')} | ${part('elementRenderDelay')} | ${median?.longTasks ?? ''} | ${met ? 'met' : 'missed'} |`;
}

interface Failure {
  what: string;
  measured: string;
  budget: string;
}
const failures: Failure[] = [];
const report: string[] = ['# Performance report', '', `Generated ${new Date().toISOString()}.`, ''];

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

const gzipSize = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

console.log('Building the production bundle…');
run('npm', ['run', 'build', '--silent']);
const server = await startServer();

try {
  // ---- Weight: the JS and CSS files each route makes the browser load -----------------------
  const projects = (await (await fetch(`${server.origin}/api/project/all/`)).json()) as { Id: number }[];
  const projectPath = `/project/${projects[0]?.Id ?? 1}`;
  const frenchRoutes = ['/welcome', '/typeslist/2', '/projecttype/1', projectPath, '/about', '/contact', '/confidentialite'];
  const publicRoutes = [...frenchRoutes, ...frenchRoutes.map((route) => `/en${route}`)];
  const welcomes = ['/welcome', '/en/welcome'];
  const adminRoutes = ['/admin/login'];

  const browser = await launchBrowser();
  const filesOf = async (route: string) => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const files = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (/\.(js|css)$/.test(url.pathname)) files.add(url.pathname);
    });
    await page.goto(`${server.origin}${route}`, { waitUntil: 'networkidle' });
    // The application's scripts start once the page's picture is painted (src/boot.ts): until it
    // has taken over the page (the header drops is-static), the chunks it loads are not all asked.
    if (!route.startsWith('/admin')) await page.locator('header.site-header:not(.is-static)').waitFor();
    await page.waitForLoadState('networkidle');
    await page.close();
    return files;
  };
  const perRoute = new Map<string, Set<string>>();
  for (const route of [...publicRoutes, ...adminRoutes]) perRoute.set(route, await filesOf(route));

  // ---- Images: what /welcome on a phone downloads before its carousel answers ------------------
  // A 390×844 phone at 3 device pixels per CSS pixel (the screens of that size are), so the
  // browser picks the widest variants it would really pick.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  const images = new Map<string, Promise<number>>();
  phone.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/assets/images/')) images.set(url.pathname, response.body().then((body) => body.length, () => 0));
  });
  await phone.goto(`${server.origin}/welcome`);
  await phone.locator('.carousel .slick-initialized .slick-slide.slick-active img').waitFor();
  await phone.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.hero img, .slick-slide.slick-active img')].every((img) => img.complete));
  const beforeInteractive = [...images.keys()];
  const imageBytes = (await Promise.all(beforeInteractive.map((path) => images.get(path)!))).reduce((sum, n) => sum + n, 0);
  await phone.close();
  await browser.close();
  report.push('## Images on /welcome (390×844, 3 device pixels per px)', '');
  report.push(`- Before the carousel is interactive: ${kb(imageBytes)} of images (budget ${kb(BUDGET.welcomeImages)}), ${beforeInteractive.length} files:`);
  for (const path of beforeInteractive) report.push(`  - \`${path}\``);
  report.push('');
  if (imageBytes > BUDGET.welcomeImages) failures.push({ what: '/welcome images on a phone', measured: kb(imageBytes), budget: kb(BUDGET.welcomeImages) });

  const size = (files: Iterable<string>, ext: string) =>
    [...files].filter((f) => f.endsWith(ext)).reduce((sum, f) => sum + gzipSize(join(root, 'dist', f)), 0);
  const publicFiles = new Set(publicRoutes.flatMap((r) => [...perRoute.get(r)!]));
  const adminOnly = new Set(
    adminRoutes.flatMap((r) => [...perRoute.get(r)!]).filter((f) => !publicFiles.has(f)),
  );

  report.push('## JavaScript and CSS (gzip -9 of the files each route loads)', '');
  report.push('| route | JS | CSS |', '|---|---|---|');
  for (const [route, files] of perRoute) {
    report.push(`| \`${route}\` | ${kb(size(files, '.js'))} | ${kb(size(files, '.css'))} |`);
  }
  const publicJs = size(publicFiles, '.js');
  const publicCss = size(publicFiles, '.css');
  report.push(
    '',
    `- All public pages together: JS ${kb(publicJs)} (budget ${kb(BUDGET.publicJs)}), CSS ${kb(publicCss)} (budget ${kb(BUDGET.css)}).`,
    `- Loaded only on /admin: JS ${kb(size(adminOnly, '.js'))}, CSS ${kb(size(adminOnly, '.css'))} (${[...adminOnly].join(', ') || 'none'}).`,
    '',
  );
  if (publicJs > BUDGET.publicJs) failures.push({ what: 'public JS', measured: kb(publicJs), budget: kb(BUDGET.publicJs) });
  for (const route of welcomes) {
    // What runs before the page is interactive: the scripts its HTML names (the boot script, and
    // the scripts it starts, its language's texts among them: its tag names them); not the
    // chunks it fetches once alive (the carousel and react-slick's).
    const html = await (await fetch(`${server.origin}${route}`)).text();
    const boot = /<script defer(?:="")? src="?([^" >]+)"?([^>]*)>/.exec(html);
    const named = new Set([boot?.[1] ?? '', ...[...(boot?.[2] ?? '').matchAll(/\/static\/[^" >]+\.js/g)].map((m) => m[0])]);
    const js = size(named, '.js');
    report.push(`- \`${route}\` before it is interactive (without the carousel's chunk): JS ${kb(js)} (budget ${kb(BUDGET.welcomeJs)}).`);
    if (js > BUDGET.welcomeJs) failures.push({ what: `${route} JS before interactive`, measured: kb(js), budget: kb(BUDGET.welcomeJs) });
  }
  report.push('');
  if (publicCss > BUDGET.css) failures.push({ what: 'public CSS', measured: kb(publicCss), budget: kb(BUDGET.css) });
  report.push('| public file | gzip |', '|---|---|');
  for (const f of [...publicFiles].sort()) report.push(`| \`${f}\` | ${kb(gzipSize(join(root, 'dist', f)))} |`);
  report.push('');

  // ---- Lighthouse ------------------------------------------------------------------------------
  if (!WEIGHT_ONLY) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    });
    const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    report.push(`## Lighthouse (median of ${RUNS} runs)`, '');
    report.push('| page | form factor | performance | accessibility | best practices | SEO |', '|---|---|---|---|---|---|');
    try {
      for (const route of ['/welcome', '/typeslist/2', projectPath, '/en/welcome', `/en${projectPath}`]) {
        for (const formFactor of ['mobile', 'desktop'] as const) {
          const scores: Record<string, number[]> = {};
          const phone: PhoneRun[] = [];
          for (let i = 0; i < RUNS; i++) {
            // A run Lighthouse could not measure (NO_NAVSTART now and then, first after a switch of
            // form factor) scores 0: it is no figure of the page, so it is measured again.
            let result;
            for (let attempt = 1; attempt <= 3; attempt++) {
              result = await lighthouse(
                `${server.origin}${route}`,
                { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] },
                formFactor === 'desktop' ? desktopConfig : undefined,
              );
              const error = result?.lhr.runtimeError;
              if (!error) break;
              console.log(`Lighthouse ${route} ${formFactor}: ${error.code}, measured again`);
            }
            for (const category of categories) {
              (scores[category] ??= []).push(Math.round((result?.lhr.categories[category]?.score ?? 0) * 100));
            }
            if (formFactor === 'mobile' && result) phone.push(phoneRun(result.lhr));
          }
          if (formFactor === 'mobile') phoneRows.push(phoneRow(route, phone));
          const m = Object.fromEntries(categories.map((c) => [c, median(scores[c]!)]));
          report.push(
            `| \`${route}\` | ${formFactor} | ${m.performance} | ${m.accessibility} | ${m['best-practices']} | ${m.seo} |`,
          );
          const perfBudget = formFactor === 'mobile' ? SCORES.mobilePerformance : SCORES.desktopPerformance;
          if (m.performance! < perfBudget) {
            failures.push({ what: `${route} ${formFactor} performance`, measured: String(m.performance), budget: `>= ${perfBudget}` });
          }
          for (const c of ['accessibility', 'best-practices', 'seo'] as const) {
            if (m[c]! < SCORES.other) failures.push({ what: `${route} ${formFactor} ${c}`, measured: String(m[c]), budget: '100' });
          }
          console.log(`Lighthouse ${route} ${formFactor}:`, m);
        }
      }
    } finally {
      await chrome.kill();
    }
    report.push('');
    report.push(
      `## A phone's view (Lighthouse mobile, median of ${RUNS} runs; issue 33's targets)`,
      '',
      `Targets: LCP <= ${PHONE.lcp} ms, TBT <= ${PHONE.tbt} ms, CLS <= ${PHONE.cls}. Where the LCP goes: time to first byte, the picture's load delay (from the first byte to its request) and load duration, then the render delay (from its arrival to its paint).`,
      '',
      '| page | LCP (ms) | TBT (ms) | CLS | FCP (ms) | TTFB | load delay | load | render delay | longest tasks (ms, simulated) | targets |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...phoneRows,
      '',
    );
  }
} finally {
  await server.stop();
}

/** Runs another bench script, echoing its output; resolves with that output and whether it passed. */
function runBench(script: string): Promise<{ text: string; ok: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], { cwd: root });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.on('exit', (code) => resolve({ text, ok: code === 0 }));
  });
}

// ---- API ---------------------------------------------------------------------------------------
if (!process.env.BENCH_SKIP_API && !WEIGHT_ONLY) {
  console.log('API benchmark…');
  const output = await runBench('bench/api.ts');
  report.push('## API (`npm run bench:api`)', '', '```', output.text.trim(), '```', '');
  if (!output.ok) failures.push({ what: 'API benchmark', measured: 'target not met', budget: 'p99 <= 20 ms, >= 50 % of ceiling' });
}

// ---- First start after a clone ------------------------------------------------------------------
if (!WEIGHT_ONLY) {
  console.log('First start after a clone…');
  const output = await runBench('bench/firstStart.ts');
  report.push('## First start after a clone (`node bench/firstStart.ts`)', '', output.text.trim(), '');
  if (!output.ok) failures.push({ what: 'first start after a clone', measured: 'too slow, or a page named a file that did not answer', budget: 'first answer <= 15 s' });
}

// ---- Images ------------------------------------------------------------------------------------
if (!process.env.BENCH_SKIP_IMAGES && !WEIGHT_ONLY) {
  console.log('Image pipeline benchmark…');
  const output = await runBench('bench/images.ts');
  report.push('## Images (`npm run bench:images`)', '', output.text.trim().replace(/^# .*\n/, ''), '');
  if (!output.ok) failures.push({ what: 'image pipeline', measured: 'budget missed', budget: '<= 3 s, server <= 300 MB' });
}

report.push('## Budgets', '');
if (failures.length === 0) report.push('Every budget holds.');
else for (const f of failures) report.push(`- MISSED: ${f.what}: ${f.measured} (budget ${f.budget})`);
// A weight-only run is partial: it keeps the last full report.
if (!WEIGHT_ONLY) writeFileSync(join(root, 'bench', 'report.md'), `${report.join('\n')}\n`);
console.log(`\n${report.join('\n')}`);
process.exit(failures.length === 0 ? 0 : 1);
