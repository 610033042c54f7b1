// How a library photo reaches the browser: AVIF, then WebP, then the original, in the widths the
// server made, with the photo's own size (no layout shift).
import { render } from '@testing-library/react';
import { Picture } from './Picture';
import { Video } from './Video';
import { imageSizes } from './images';

test('a library photo offers AVIF then WebP variants of every width, then the original, with its own size', () => {
  const { container } = render(
    <Picture
      name="banc érable.jpg"
      media={{ Type: 'image/jpeg', Width: 800, Height: 600, Widths: [320, 640, 800] }}
      sizes={imageSizes.card}
      alt="Banc"
      loading="lazy"
    />,
  );
  const sources = [...container.querySelectorAll('picture > source')];
  expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
  expect(sources[0]).toHaveAttribute(
    'srcset',
    '/assets/images/banc%20%C3%A9rable.jpg.320.avif 320w, /assets/images/banc%20%C3%A9rable.jpg.640.avif 640w, /assets/images/banc%20%C3%A9rable.jpg.800.avif 800w',
  );
  expect(sources[1]?.getAttribute('srcset')).toContain('/assets/images/banc%20%C3%A9rable.jpg.800.webp 800w');
  for (const source of sources) expect(source).toHaveAttribute('sizes', imageSizes.card);
  const img = container.querySelector('picture > img');
  expect(img).toHaveAttribute('src', '/assets/images/banc%20%C3%A9rable.jpg');
  expect(img).toHaveAttribute('width', '800');
  expect(img).toHaveAttribute('height', '600');
  expect(img).toHaveAttribute('alt', 'Banc');
  expect(img).toHaveAttribute('loading', 'lazy');
});

test('a name outside the library (a file copied by hand) is shown as is, in the 4:3 photo size', () => {
  const { container } = render(<Picture name="copie.jpg" sizes={imageSizes.card} alt="" />);
  expect(container.querySelector('picture')).toBeNull();
  const img = container.querySelector('img');
  expect(img).toHaveAttribute('src', '/assets/images/copie.jpg');
  expect(img).toHaveAttribute('width', '1200');
  expect(img).toHaveAttribute('height', '900');
});

const video = { Type: 'video/mp4', Width: 960, Height: 720, Widths: [320, 640, 960], Poster: 'tiroir-affiche.jpg' };

test('a video in a list or the carousel is shown by its poster, in its variants: no video file is named', () => {
  const { container } = render(<Picture name="tiroir.mp4" media={video} sizes={imageSizes.card} alt="Tiroir" />);
  expect(container.querySelector('source')?.getAttribute('srcset')).toContain('/assets/images/tiroir-affiche.jpg.640.avif 640w');
  expect(container.querySelector('img')).toHaveAttribute('src', '/assets/images/tiroir-affiche.jpg');
  expect(container.innerHTML).not.toContain('.mp4');
});

test('a video project plays muted, inline, with controls, its poster, and only its metadata before play', () => {
  const { container } = render(<Video name="tiroir.mp4" media={video} label="Atelier — Tiroir" />);
  const player = container.querySelector('video')!;
  expect(player).toHaveAttribute('src', '/assets/images/tiroir.mp4');
  expect(player).toHaveAttribute('poster', '/assets/images/tiroir-affiche.jpg.960.webp');
  expect(player).toHaveAttribute('preload', 'metadata');
  expect(player).toHaveAttribute('playsinline');
  expect(player).toHaveAttribute('controls');
  expect(player.muted).toBe(true);
  expect(player).toHaveAttribute('aria-label', 'Atelier — Tiroir');
  expect(player).toHaveAttribute('width', '960');
});
