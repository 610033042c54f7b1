// Generates the demo video and its poster (server/demo/images/, committed): a slow push-in and pan
// across the demo photo of the under-stair drawers, 6 s at 24 fps, 960×720, H.264 main profile,
// yuv420p, moov first (+faststart: a browser can start playing before the end arrives), no audio,
// about 170 Ko; then its first frame as a JPEG, the poster (`<stem>-affiche.jpg`), the still an
// administrator's browser would send beside the upload.
//
// A development tool only: it needs ffmpeg on PATH (Debian: apt-get install ffmpeg). The server
// never runs ffmpeg; it stores MP4 files as they are sent. Run: npm run demo:video
import { spawnSync } from 'node:child_process';
import { renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoVideos } from '../server/demo/content.ts';
import { demoPosterName } from '../server/media/video.ts';

const FPS = 24;
const FRAMES = 144; // 6 s
const SIZE = { width: 960, height: 720 };

/** 0 → 1 over the clip, eased at both ends. */
const ease = `(0.5-0.5*cos(PI*on/${FRAMES - 1}))`;
const filter = [
  // Upscaled first: zoompan moves by whole pixels, smaller steps on a larger picture do not judder.
  'scale=4800:-1',
  `zoompan=z='1+0.3*${ease}':d=1:x='(iw-iw/zoom)*(0.5+0.25*${ease})':y='(ih-ih/zoom)*(0.5+0.2*${ease})':s=${SIZE.width}x${SIZE.height}:fps=${FPS}`,
  'format=yuv420p',
].join(',');

function ffmpeg(args: string[]): void {
  const result = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    console.error(
      "ffmpeg est introuvable : il sert seulement à fabriquer la vidéo de démonstration (le serveur n'en a pas besoin).\n" +
        'Installez-le (Debian ou Ubuntu : sudo apt-get install ffmpeg ; macOS : brew install ffmpeg), puis relancez npm run demo:video.\n' +
        'La vidéo et son image d’aperçu déjà présentes dans server/demo/images restent utilisables.',
    );
    process.exit(1);
  }
  if (result.status !== 0) throw new Error(`ffmpeg failed (${result.status}): ffmpeg ${args.join(' ')}`);
}

export function generateVideo(dir: string, video: string, photo: string): { bytes: number; poster: string } {
  const partial = join(dir, `.partial-${video}`);
  ffmpeg([
    '-loop', '1', '-framerate', String(FPS), '-i', join(dir, photo),
    '-vf', filter, '-frames:v', String(FRAMES),
    '-c:v', 'libx264', '-profile:v', 'main', '-crf', '28', '-preset', 'slow', '-tune', 'stillimage',
    '-movflags', '+faststart', '-an', '-map_metadata', '-1', '-f', 'mp4', partial,
  ]);
  renameSync(partial, join(dir, video));
  const poster = demoPosterName(video);
  const partialPoster = join(dir, `.partial-${poster}`);
  // The first frame, as the admin's browser draws it on a canvas (high quality JPEG).
  ffmpeg(['-i', join(dir, video), '-frames:v', '1', '-q:v', '2', '-f', 'image2', '-c:v', 'mjpeg', partialPoster]);
  renameSync(partialPoster, join(dir, poster));
  rmSync(partial, { force: true });
  return { bytes: statSync(join(dir, video)).size, poster };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = fileURLToPath(new URL('../server/demo/images', import.meta.url));
  for (const { video, photo } of demoVideos) {
    const { bytes, poster } = generateVideo(dir, video, photo);
    console.log(`${video} (${Math.round(bytes / 1024)} Ko) et ${poster} écrits dans ${dir}`);
  }
}
