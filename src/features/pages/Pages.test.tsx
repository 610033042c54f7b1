import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { startApiServer, type ApiServer } from '../../test/apiServer';
import { expectVariantsServed } from '../../test/images';

let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer();
}, 30_000);
afterAll(() => api.close());

test('about: the owner presentation and the three service blurbs', async () => {
  renderWithProviders(null, { route: '/about', apiOrigin: api.origin });
  expect(await screen.findByRole('heading', { level: 1, name: 'À propos de l’atelier' })).toBeInTheDocument();
  const portrait = screen.getByRole('img', { name: `Marc Tremblay, propriétaire, dans son atelier` });
  expect(portrait).toHaveAttribute('src', '/assets/images/proprietaire.jpg');
  await expectVariantsServed(portrait, api.origin, [320, 640, 800, 900]);
  expect(screen.getByText(new RegExp(`Je m’appelle Marc Tremblay`))).toBeInTheDocument();
  const services = screen.getByRole('region', { name: 'Petits travaux dans la maison' });
  expect(within(services).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
    'Électricité',
    'Plomberie',
    'Peinture',
  ]);
  expect(within(services).getByText(/luminaires/)).toBeInTheDocument();
  expect(within(services).getByText(/robinets/)).toBeInTheDocument();
  expect(within(services).getByText(/teinture de terrasses/)).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe(`À propos | Atelier Bois et Maison`));
});

test('contact: a tel: link, two mailto: links, the city on a map, the social page and a large image', async () => {
  renderWithProviders(null, { route: '/contact', apiOrigin: api.origin });
  await screen.findByRole('heading', { level: 1, name: 'Contactez-moi' });
  const main = screen.getByRole('main');
  expect(within(main).getByRole('heading', { level: 1, name: 'Contactez-moi' })).toBeInTheDocument();
  expect(within(main).getByRole('link', { name: '819 555-0142' })).toHaveAttribute('href', 'tel:+18195550142');
  expect(within(main).getByRole('link', { name: 'info@exemple.ca' })).toHaveAttribute('href', 'mailto:info@exemple.ca');
  expect(within(main).getByRole('link', { name: 'soumissions@exemple.ca' })).toHaveAttribute(
    'href',
    'mailto:soumissions@exemple.ca',
  );
  const map = within(main).getByRole('link', { name: /Gatineau, Québec \(voir la carte\)/ });
  expect(map.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/.*Gatineau/);
  expect(within(main).getByRole('link', { name: /^Facebook/ })).toHaveAttribute('href', 'https://www.facebook.com/');
  const image = within(main).getByRole('img');
  expect(image).toHaveAttribute('src', '/assets/images/atelier.jpg');
  expect(image).toHaveAttribute('width', '1600');
  await expectVariantsServed(image, api.origin, [320, 640, 800, 1024, 1600]);
  await waitFor(() => expect(document.title).toBe(`Contactez-moi | Atelier Bois et Maison`));
  expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/Gatineau/);
});
