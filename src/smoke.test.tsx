import { render, screen } from '@testing-library/react';
import { MemoryRouter, Link } from 'react-router';
test('client', () => { render(<MemoryRouter><Link to="/a">Bonjour</Link></MemoryRouter>); expect(screen.getByRole('link', {name: 'Bonjour'})).toHaveAttribute('href', '/a'); });
