// The popup with a video project: the arrow keys seek in the focused video instead of changing
// the photo; elsewhere in the popup they still move between projects.
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ProjectView } from '../../api/api.enhanced';
import { SiteContext } from '../../app/site';
import { testSite } from '../../test/site';
import { Lightbox } from './Lightbox';

const projects: ProjectView[] = [
  {
    Id: 40,
    ProjectTypeId: 9,
    Name: 'Tiroirs en action',
    Description: 'Une courte vidéo.',
    Image: 'tiroirs.mp4',
    Published: true,
    Media: { Type: 'video/mp4', Width: 960, Height: 720, Widths: [320, 640, 960], Poster: 'tiroirs-affiche.jpg' },
  },
  { Id: 1, ProjectTypeId: 1, Name: 'Banc de parc', Description: 'Un banc.', Image: 'banc.jpg', Published: true },
];

test('the popup plays a video project, and the arrows seek in it rather than change project', () => {
  const onIndexChange = jest.fn();
  render(
    <MemoryRouter>
      <SiteContext value={testSite}>
        <Lightbox projects={projects} index={0} onIndexChange={onIndexChange} onClose={() => undefined} restoreFocus={() => undefined} />
      </SiteContext>
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
