import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { startApiServer, type ApiServer } from '../../test/apiServer';
import { testSite } from '../../test/site';
import { startScriptedServer } from '../../test/scriptedServer';
import { expectVariantsServed } from '../../test/images';

let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer();
}, 30_000);
afterAll(() => api.close());


async function openWelcome(origin = api.origin) {
  const view = renderWithProviders(null, { route: '/welcome', apiOrigin: origin });
  // The page, once the site's settings have arrived.
  await screen.findByRole('heading', { level: 1 });
  return view;
}

/**
 * The carousel once its script has arrived: until then the region is the server's preview (same
 * name, a link per project), so wait for its dots before using it.
 */
async function findCarousel() {
  await screen.findAllByRole('button', { name: /^Afficher le projet 1 sur \d$/ });
  return screen.getByRole('region', { name: 'Projets en vedette' });
}

test('the large background photo is fetched first, with its size, and the page has its title', async () => {
  const { container } = await openWelcome();
  expect(screen.getByRole('heading', { level: 1, name: 'Atelier Bois et Maison' })).toBeInTheDocument();
  const hero = container.querySelector('.hero-image');
  expect(hero).toHaveAttribute('src', '/assets/images/accueil.jpg');
  expect(hero).toHaveAttribute('width', '1920');
  expect(hero).toHaveAttribute('height', '1080');
  expect(hero).toHaveAttribute('fetchpriority', 'high');
  await expectVariantsServed(hero!, api.origin, [320, 640, 800, 1024, 1600]);
  await waitFor(() => expect(document.title).toBe(`Atelier Bois et Maison — rénovation et ébénisterie à Gatineau`));
});

test('the carousel shows 7 random projects, each alt made of the business name and the project name, no arrows, 7 dots', async () => {
  await openWelcome();
  const carousel = await findCarousel();
  const images = within(carousel).getAllByRole('img', { hidden: true });
  expect(images).toHaveLength(7);
  for (const image of images) expect(image.getAttribute('alt')).toMatch(new RegExp(`^Atelier Bois et Maison — .{7,}`));
  expect(carousel.querySelector('.slick-arrow')).toBeNull();
  expect(within(carousel).queryByRole('button', { name: /Previous|Next|précédent|suivant/i })).toBeNull();
  const dots = within(carousel).getAllByRole('button', { name: /^Afficher le projet \d sur 7$/ });
  expect(dots).toHaveLength(7);
  expect(dots[0]).toHaveAttribute('aria-current', 'true');
  // Only the visible slide is in the tab order.
  const slideButtons = within(carousel).getAllByRole('button', { name: new RegExp(`^Atelier Bois et Maison`), hidden: true });
  expect(slideButtons.map((button) => button.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1]);
});

test('a dot and the arrow keys move the carousel', async () => {
  const { user } = await openWelcome();
  const carousel = await findCarousel();
  await user.click(within(carousel).getByRole('button', { name: 'Afficher le projet 3 sur 7' }));
  await waitFor(() =>
    expect(within(carousel).getByRole('button', { name: 'Afficher le projet 3 sur 7' })).toHaveAttribute('aria-current', 'true'),
  );
  const slideButtons = () => carousel.querySelectorAll<HTMLButtonElement>('.slide-button');
  await waitFor(() => expect(slideButtons()[2]?.tabIndex).toBe(0));
  act(() => slideButtons()[2]?.focus());
  // user-event leaves keyCode at 0; browsers send 37/39, which react-slick reads.
  fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight', code: 'ArrowRight', keyCode: 39 });
  await waitFor(() => expect(slideButtons()[3]?.tabIndex).toBe(0));
  await waitFor(() => expect(slideButtons()[3]).toHaveFocus());
  fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft', code: 'ArrowLeft', keyCode: 37 });
  await waitFor(() => expect(slideButtons()[2]).toHaveFocus());
  expect(within(carousel).getByRole('button', { name: 'Afficher le projet 3 sur 7' })).toHaveAttribute('aria-current', 'true');
});

test('Enter on a slide opens the full-screen popup: arrows move, Tab stays inside, Escape closes and restores the focus', async () => {
  const { user } = await openWelcome();
  const carousel = await findCarousel();
  const first = carousel.querySelector<HTMLButtonElement>('.slide-button');
  const firstName = first?.querySelector('img')?.getAttribute('alt') ?? '';
  act(() => first?.focus());
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  // The first project drawn may be a video (its poster in the carousel, the video in the popup).
  const shown = await waitFor(() => {
    const media = dialog.querySelector('img, video');
    expect(media).not.toBeNull();
    return media as HTMLElement;
  });
  expect(shown.getAttribute(shown.tagName === 'VIDEO' ? 'aria-label' : 'alt')).toBe(firstName);
  expect(within(dialog).getByText('1 / 7')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: /Fermer/ })).toHaveFocus();

  await user.keyboard('{ArrowRight}');
  expect(within(dialog).getByText('2 / 7')).toBeInTheDocument();
  await user.keyboard('{ArrowLeft}{ArrowLeft}');
  expect(within(dialog).getByText('7 / 7')).toBeInTheDocument();

  // Tab cycles through the four controls of the dialog only.
  for (let i = 0; i < 5; i += 1) {
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  }
  await user.tab({ shift: true });
  expect(dialog).toContainElement(document.activeElement as HTMLElement);

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  // The carousel followed the popup to the 7th photo and the focus is back on it.
  const buttons = carousel.querySelectorAll<HTMLButtonElement>('.slide-button');
  await waitFor(() => expect(buttons[6]).toHaveFocus());
});

test('a click on a photo opens the popup, « Fermer » closes it', async () => {
  const { user } = await openWelcome();
  const carousel = await findCarousel();
  const first = carousel.querySelector<HTMLButtonElement>('.slide-button');
  await user.click(first as HTMLButtonElement);
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Photo suivante' }));
  expect(within(dialog).getByText('2 / 7')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: /Fermer/ }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

const project = (id: number, name: string) => ({ Id: id, ProjectTypeId: 1, Name: name, Description: 'Un projet.', Image: `p${id}.jpg` });

/** A scripted server answers the settings of test/site.ts: its business names the photos. */
const scriptedAltOf = (name: string) => `${testSite.BusinessName} — ${name}`;

test('with a single project there is no carousel, just the photo', async () => {
  const one = await startScriptedServer((seen) =>
    seen.url === '/api/randomprojects/7' ? { status: 200, body: [project(5, 'Banc de jardin en pin')] } : undefined,
  );
  try {
    await openWelcome(one.origin);
    expect(await screen.findByRole('img', { name: scriptedAltOf('Banc de jardin en pin') })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Projets en vedette' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Afficher le projet/ })).not.toBeInTheDocument();
  } finally {
    await one.close();
  }
});

test('a failed call shows a French message with a retry', async () => {
  // Down until the message is shown, then back.
  let down = true;
  const flaky = await startScriptedServer((seen) => {
    if (seen.url !== '/api/randomprojects/7') return undefined;
    return down ? { status: 503 } : { status: 200, body: [project(1, 'Banc de parc'), project(2, 'Potager en cèdre')] };
  });
  try {
    const { user } = await openWelcome(flaky.origin);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Impossible d’afficher ce contenu pour le moment.');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    const carousel = await findCarousel();
    expect(within(carousel).getAllByRole('img', { hidden: true }).map((img) => img.getAttribute('alt'))).toEqual([
      scriptedAltOf('Banc de parc'),
      scriptedAltOf('Potager en cèdre'),
    ]);
  } finally {
    await flaky.close();
  }
});

describe('moving on its own', () => {
  const setReducedMotion = (reduce: boolean) => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({
        matches: reduce && query.includes('reduce'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }),
    });
  };
  afterEach(() => {
    Reflect.deleteProperty(window, 'matchMedia');
    jest.useRealTimers();
  });

  test('never under prefers-reduced-motion, and then there is no pause button', async () => {
    setReducedMotion(true);
    await openWelcome();
    const carousel = await findCarousel();
    expect(within(carousel).queryByRole('button', { name: /défilement/ })).not.toBeInTheDocument();
  });

  test('otherwise it advances every 5 s, with a pause button that stops it', async () => {
    setReducedMotion(false);
    // Only the carousel's interval runs on jest's clock: the page's calls, React and user-event
    // keep real timers, and the test moves the 5 s instead of waiting for them.
    jest.useFakeTimers({ doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout'] });
    const { user } = await openWelcome();
    const carousel = await findCarousel();
    const dot = (n: number) => within(carousel).getByRole('button', { name: `Afficher le projet ${n} sur 7` });
    expect(dot(1)).toHaveAttribute('aria-current', 'true');
    act(() => jest.advanceTimersByTime(4_990));
    expect(dot(1)).toHaveAttribute('aria-current', 'true');
    act(() => jest.advanceTimersByTime(10));
    await waitFor(() => expect(dot(2)).toHaveAttribute('aria-current', 'true'));
    const pause = within(carousel).getByRole('button', { name: 'Mettre le défilement en pause' });
    await user.click(pause);
    // The click put the focus in the carousel; move it out so only the pause button holds it still.
    await user.click(document.body);
    expect(within(carousel).getByRole('button', { name: 'Reprendre le défilement' })).toBeInTheDocument();
    // Paused: no timer left to move it, and 10 s later it still shows the second project.
    expect(jest.getTimerCount()).toBe(0);
    act(() => jest.advanceTimersByTime(10_000));
    expect(dot(2)).toHaveAttribute('aria-current', 'true');
  });
});
