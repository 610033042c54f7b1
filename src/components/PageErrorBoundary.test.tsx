import { render, screen } from '@testing-library/react';
import { PageErrorBoundary } from './PageErrorBoundary';

function Broken(): never {
  throw new Error('boom');
}

test('a page that fails to render shows a French message and a reload button, not a blank screen', () => {
  const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <PageErrorBoundary>
      <Broken />
    </PageErrorBoundary>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('Une erreur inattendue est survenue');
  expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeInTheDocument();
  log.mockRestore();
});
