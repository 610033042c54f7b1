// The popup with a video project: the arrow keys seek in the focused video instead of changing
// the photo; elsewhere in the popup they still move between projects.
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Lightbox, type Slide } from './Lightbox';

const slides: Slide[] = [
  {
    key: 40,
    name: 'tiroirs.mp4',
    media: { Type: 'video/mp4', Width: 960, Height: 720, Widths: [320, 640, 960], Poster: 'tiroirs-affiche.jpg' },
    alt: { text: 'Tiroirs en action' },
    title: { text: 'Tiroirs en action' },
  },
  { key: 1, name: 'banc.jpg', alt: { text: 'Banc de parc' }, title: { text: 'Banc de parc' } },
];

test('the popup plays a video project, and the arrows seek in it rather than change project', () => {
  const onIndexChange = jest.fn();
  render(
    <MemoryRouter>
      <Lightbox slides={slides} index={0} onIndexChange={onIndexChange} onClose={() => undefined} restoreFocus={() => undefined} />
    </MemoryRouter>,
  );
  const video = document.querySelector('.lightbox video') as HTMLVideoElement;
  expect(video).toHaveAttribute('src', '/assets/images/tiroirs.mp4');
  expect(video.autoplay).toBe(true);
  fireEvent.keyDown(video, { key: 'ArrowRight' });
  fireEvent.keyDown(video, { key: 'ArrowLeft' });
  expect(onIndexChange).not.toHaveBeenCalled();
  fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowRight' });
  expect(onIndexChange).toHaveBeenCalledWith(1);
});
