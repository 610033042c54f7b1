// The first start after a clone: the demo photos are not in the pipeline cache yet. Seeding stores
// their originals only, so the server answers at once; pages then point at no variant (none exists
// yet) and every file they name answers. finishDemoVariants() encodes the variants in the
// background, puts them in place, then lists them in Media (server/images/library.ts).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, repoRoot, type TestApp } from './helper.ts';

const demo = join(repoRoot, 'server', 'demo', 'images');
const VIDEO = 'tiroirs-sous-escalier-en-action.mp4';
const POSTER = 'tiroirs-sous-escalier-en-action-affiche.jpg';
const PHOTOS = ['buffet-chene.jpg', 'tiroirs-sous-escalier.jpg'];

interface Listed {
  Image: string;
  Media?: { Type: string; Width: number; Height: number; Widths: number[]; Poster?: string };
}

let t: TestApp;
let work: string;
let cacheDir: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'first-start-'));
  // A few demo files (two photos, the video and its poster), and an empty pipeline cache.
  const demoImagesDir = join(work, 'demo');
  mkdirSync(demoImagesDir);
  for (const file of [...PHOTOS, POSTER, VIDEO]) copyFileSync(join(demo, file), join(demoImagesDir, file));
  cacheDir = join(work, 'cache');
  t = await build({ config: { demoImagesDir, imageCacheDir: cacheDir } });
}, 60_000);

afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const ours = async (): Promise<Map<string, Listed>> => {
  const res = await t.call('GET', '/api/project/all/');
  expect(res.statusCode).toBe(200);
  const projects = res.json() as Listed[];
  return new Map(projects.filter((p) => [...PHOTOS, VIDEO].includes(p.Image)).map((p) => [p.Image, p]));
};

/** Every file a page shows for this project: its image or poster, and each listed variant. */
const filesOf = ({ Image, Media }: Listed): string[] => {
  const name = Media?.Poster ?? Image;
  return [name, ...(Media?.Widths ?? []).flatMap((w) => [`${name}.${w}.avif`, `${name}.${w}.webp`])];
};

describe('the first start after a clone', () => {
  it('seeds the photos without variants: known sizes, no variant listed, every file shown answers', async () => {
    const projects = await ours();
    expect([...projects.keys()].sort()).toEqual([...PHOTOS, VIDEO].sort()); // the poster is shown through its video
    for (const project of projects.values()) {
      expect(project.Media).toMatchObject({ Widths: [] });
      expect(project.Media?.Width).toBeGreaterThan(0);
      expect(project.Media?.Height).toBeGreaterThan(0);
    }
    expect(projects.get(VIDEO)?.Media).toMatchObject({ Type: 'video/mp4', Poster: POSTER, Widths: [] });
    for (const project of projects.values()) {
      for (const file of filesOf(project)) expect([file, (await t.call('GET', `/assets/images/${file}`)).statusCode]).toEqual([file, 200]);
    }
    expect(existsSync(cacheDir)).toBe(false); // nothing encoded yet
  });

  it('then encodes the variants, puts them in place and lists them, the video with its poster', async () => {
    // A server stopped while it encoded left its lock and a half-written folder: taken over at once.
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    mkdirSync(join(cacheDir, '.lock'), { recursive: true });
    writeFileSync(join(cacheDir, '.lock', 'pid'), String(dead));
    mkdirSync(join(cacheDir, '.tmp-left-by-a-crash'));
    expect(await t.app.services.images.finishDemoVariants()).toBe(3);
    expect(readdirSync(cacheDir).filter((entry) => entry.startsWith('.'))).toEqual([]);
    t.app.services.cache.invalidate(); // as server/main.ts does
    const projects = await ours();
    for (const project of projects.values()) {
      expect(project.Media?.Widths.length).toBeGreaterThan(0);
      for (const file of filesOf(project)) {
        const res = await t.call('GET', `/assets/images/${file}`);
        expect([file, res.statusCode]).toEqual([file, 200]);
      }
    }
    const posterWidths = readdirSync(t.app.services.images.dir)
      .filter((file) => file.startsWith(`${POSTER}.`) && file.endsWith('.avif'))
      .map((file) => Number(file.split('.').at(-2)))
      .sort((a, b) => a - b);
    expect(projects.get(VIDEO)?.Media?.Widths).toEqual(posterWidths); // its poster's
    // In the cache now: nothing is left to finish, and the next fresh DATA_DIR seeds them whole.
    expect(await t.app.services.images.finishDemoVariants()).toBe(0);
    const again = await build({ config: { demoImagesDir: join(work, 'demo'), imageCacheDir: cacheDir } });
    try {
      const res = await again.call('GET', '/api/project/all/');
      const seeded = (res.json() as Listed[]).filter((p) => PHOTOS.includes(p.Image));
      expect(seeded.map((p) => p.Media?.Widths.length)).toEqual([expect.any(Number), expect.any(Number)]);
      for (const p of seeded) expect(p.Media?.Widths.length).toBeGreaterThan(0);
    } finally {
      await again.close();
    }
  }, 120_000);
});

describe('npm start builds the site only when a source changed since the last build', () => {
  // A project in miniature: its "build" counts its runs and, as webpack does for a file whose
  // content did not change, leaves the built files as they were, dates included.
  let project: string;
  const runs = () => (existsSync(join(project, 'runs')) ? readFileSync(join(project, 'runs'), 'utf8').length : 0);
  const age = (file: string, seconds: number) => {
    const then = new Date(Date.now() - seconds * 1000);
    utimesSync(join(project, file), then, then);
  };

  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'stale-build-'));
    for (const dir of ['src', 'public', 'dist/server']) mkdirSync(join(project, dir), { recursive: true });
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'essai', private: true, scripts: { build: `node -e "require('fs').appendFileSync('runs', 'x')"` } }),
    );
    for (const file of ['dist/index.html', 'dist/server/render.cjs']) {
      writeFileSync(join(project, file), '');
      age(file, 3600);
    }
    writeFileSync(join(project, 'src', 'page.ts'), 'export {};');
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));
  /** What `npm start` does first (server/build.ts, run as npm start runs it: by Node, as a module), in `project`. */
  const buildIfStale = (root: string) => {
    const module = pathToFileURL(join(repoRoot, 'server', 'build.ts')).href;
    const script = `import { buildIfStale } from ${JSON.stringify(module)}; process.exitCode = buildIfStale(process.argv[1]) ? 0 : 1;`;
    return spawnSync(process.execPath, ['--input-type=module', '-e', script, root], { cwd: root, stdio: 'ignore' }).status === 0;
  };

  it('builds once after an edit that changes no built file, not at every later start', () => {
    expect(buildIfStale(project)).toBe(true);
    expect(runs()).toBe(1);
    expect(buildIfStale(project)).toBe(true);
    expect(buildIfStale(project)).toBe(true);
    expect(runs()).toBe(1);
    // A later edit builds again.
    age('dist/index.html', 60);
    age('dist/server/render.cjs', 60);
    writeFileSync(join(project, 'src', 'page.ts'), 'export const changed = true;');
    expect(buildIfStale(project)).toBe(true);
    expect(runs()).toBe(2);
  });
});
