// Photos and videos as the owner and a visitor meet them, in Chromium against `npm start`:
// - the owner uploads a photo from the project editor (progress, preview, safe name), saves the
//   project, and the public project page shows it as AVIF (issue 6);
// - the owner uploads an MP4 (the browser makes its poster from the first frame); a video project
//   plays on its page and in the welcome popup; /welcome fetches no video byte before play (issue 9).
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { openPage, type WatchedPage } from './support/browser.ts';
import { root, type RunningServer } from './support/server.ts';
import { signIn } from './support/signIn.ts';
import { startSite, stopSite } from './support/site.ts';

let server: RunningServer;
let browser: Browser;
const demo = join(root, 'server', 'demo', 'images');
const files = mkdtempSync(join(tmpdir(), 'atelier-media-'));

before(async () => ({ server, browser } = await startSite()));
after(() => stopSite({ server, browser }));

interface ProjectView {
  Id: number;
  Name: string;
  Image: string;
  Media?: { Type: string; Width: number; Height: number; Widths: number[]; Poster?: string };
}

const projects = async () => (await (await fetch(`${server.origin}/api/project/all/`)).json()) as ProjectView[];

/** A new page, signed in, in the project editor on the first project, in « Mettre à jour ». */
async function ownerOnFirstProject(): Promise<WatchedPage> {
  const watched = await openPage(browser);
  const { page } = watched;
  await signIn(page, server.origin);
  await page.goto(`${server.origin}/admin/project`);
  await page.locator('output.admin-counter').filter({ hasText: /^Projet: 1 de : \d+$/ }).waitFor();
  await page.getByRole('button', { name: 'Mettre à jour', exact: true }).click();
  return watched;
}

/** Uploads a file through the Image field; resolves with the stored name the page announces. */
async function upload(page: Page, path: string): Promise<string> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Téléverser une photo ou une vidéo' }).click();
  await (await chooser).setFiles(path);
  const note = page.getByText(/^(Photo|Vidéo) téléversée : /);
  await note.waitFor({ timeout: 20_000 });
  return ((await note.textContent()) ?? '').replace(/^(Photo|Vidéo) téléversée : /, '');
}

function expectClean({ problems }: WatchedPage, where: string) {
  assert.deepEqual(problems, [], where);
}

test('the owner uploads a photo from the project editor, saves, and visitors get it as AVIF', async () => {
  const watched = await ownerOnFirstProject();
  const { page } = watched;
  const photo = join(files, 'Photo de chantier (été).JPG');
  copyFileSync(join(demo, 'tiroirs-sous-escalier.jpg'), photo);

  // While it is sent (over a slow uplink: 64 KB/s): the file's preview and a progress bar that moves.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 64 * 1024 });
  const seen = new Set<string>();
  const watchProgress = (async () => {
    const progress = page.locator('.admin-image-progress progress');
    await progress.waitFor({ timeout: 20_000 });
    assert.equal(await page.locator('.admin-image-preview').getAttribute('src').then((src) => src?.startsWith('blob:')), true);
    for (let i = 0; i < 40 && (await progress.count()) > 0; i += 1) {
      seen.add((await progress.getAttribute('value').catch(() => null)) ?? '');
      await page.waitForTimeout(100);
    }
  })();
  const name = await upload(page, photo);
  await watchProgress;
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const values = [...seen].filter(Boolean).map(Number);
  assert.ok(values.some((value) => value > 0 && value < 100), `progress values seen: ${[...seen].join(', ')}`);
  assert.match(name, /^photo-de-chantier-ete(-\d+)?\.jpg$/);
  assert.equal(await page.getByLabel('Image', { exact: true }).inputValue(), name);
  const preview = page.getByRole('img', { name: 'Aperçu de l’image' });
  await preview.waitFor();
  assert.equal(await preview.getAttribute('src'), `/assets/images/${name}.320.webp`);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Accepter', exact: true }).click();
  await page.getByText('Opération effectuée avec succès').waitFor();
  const [first] = await projects();
  assert.equal(first?.Image, name);

  // The public page: a <picture> whose AVIF variant Chromium picks, served as image/avif.
  const avif = page.waitForResponse((response) => response.url().includes(`/assets/images/${name}.`) && response.url().endsWith('.avif'));
  await page.goto(`${server.origin}/project/${first!.Id}`);
  const answer = await avif;
  assert.equal(answer.status(), 200);
  assert.equal(answer.headers()['content-type'], 'image/avif');
  assert.match(answer.headers()['cache-control'] ?? '', /immutable/);
  const img = page.locator('.project-media img');
  await img.waitFor();
  assert.match(await img.evaluate((element) => (element as HTMLImageElement).currentSrc), /\.avif$/);
  assert.ok(await img.evaluate((element) => (element as HTMLImageElement).naturalWidth > 0), 'the photo is drawn');
  expectClean(watched, 'photo upload');
  await page.context().close();
});

const demoVideo = () => {
  const name = readdirSync(demo).find((file) => file.endsWith('.mp4'));
  assert.ok(name, 'a demo video in server/demo/images');
  return join(demo, name);
};

test('the owner uploads an MP4: its poster is its first frame, and the project plays on its page', async () => {
  const watched = await ownerOnFirstProject();
  const { page } = watched;
  const clip = join(files, 'Tiroir qui glisse.mp4');
  copyFileSync(demoVideo(), clip);
  const name = await upload(page, clip);
  assert.match(name, /^tiroir-qui-glisse(-\d+)?\.mp4$/);
  const preview = page.getByRole('img', { name: 'Aperçu de l’image' });
  await preview.waitFor();
  assert.match((await preview.getAttribute('src')) ?? '', /-affiche(-\d+)?\.jpg\.\d+\.webp$/);
  await page.getByRole('button', { name: 'Accepter', exact: true }).click();
  await page.getByText('Opération effectuée avec succès').waitFor();
  const [first] = await projects();
  assert.equal(first?.Media?.Type, 'video/mp4');

  await page.goto(`${server.origin}/project/${first!.Id}`);
  await expectPlays(page, '.project-media video', name);
  expectClean(watched, 'video upload');
  await page.context().close();
});

/** A <video> with its poster, muted, inline, metadata only, that plays when asked. */
async function expectPlays(page: Page, selector: string, name: string) {
  const video = page.locator(selector);
  await video.waitFor();
  const attributes = await video.evaluate((element) => {
    const v = element as HTMLVideoElement;
    return { src: v.getAttribute('src'), poster: v.poster !== '', muted: v.muted, inline: v.playsInline, controls: v.controls };
  });
  assert.deepEqual(attributes, { src: `/assets/images/${name}`, poster: true, muted: true, inline: true, controls: true });
  await video.evaluate((element) => (element as HTMLVideoElement).play());
  await page.waitForFunction((sel) => ((document.querySelector(sel) as HTMLVideoElement | null)?.currentTime ?? 0) > 0.3, selector);
}

test('the demo video project: its page plays it; on /welcome no video byte is fetched before the popup plays it', async () => {
  const video = (await projects()).find((project) => project.Media?.Type === 'video/mp4' && project.Image !== '' && project.Name !== '');
  assert.ok(video, 'a demo video project');
  const watched = await openPage(browser, { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
  const { page } = watched;
  const videoRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.mp4')) videoRequests.push(request.url());
  });

  await page.goto(`${server.origin}/project/${video.Id}`);
  await page.getByRole('heading', { level: 1, name: video.Name }).waitFor();
  assert.equal(await page.locator('.project-media video').getAttribute('preload'), 'metadata');
  await expectPlays(page, '.project-media video', video.Image);
  await expectNoSeriousA11yViolations(page);

  // The welcome carousel, with the video project first among its 7 random projects. The server
  // renders /welcome with its own draw: reached from this page by the logo, the browser asks
  // for the random projects itself, and this answer puts the video first.
  await page.route('**/api/randomprojects/7', async (route) => {
    const answer = await route.fetch();
    const list = ((await answer.json()) as ProjectView[]).filter((project) => project.Id !== video.Id);
    await route.fulfill({ response: answer, json: [video, ...list].slice(0, 7) });
  });
  videoRequests.length = 0;
  await page.locator('a.logo').click();
  await page.waitForURL(`${server.origin}/welcome`);
  const slide = page.locator('.slick-slide.slick-active .slide-button');
  await slide.waitFor();
  assert.equal(await slide.locator('.play-mark').count(), 1, 'the poster carries a play mark');
  assert.match((await slide.locator('img').evaluate((img) => (img as HTMLImageElement).currentSrc)) ?? '', /-affiche(-\d+)?\.jpg\.\d+\.avif$/);
  await page.waitForLoadState('networkidle');
  assert.deepEqual(videoRequests, [], 'no video byte before play');

  await slide.tap();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await expectPlays(page, '.lightbox video', video.Image);
  assert.ok(videoRequests.length > 0, 'the popup fetched the video');
  expectClean(watched, 'video project');
  await page.context().close();
});
