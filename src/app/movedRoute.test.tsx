// @vitest-environment jsdom
/**
 * /helpcenter and /helpDetail/{id}, typed without /user, answered the 404 page (an audit: a user
 * expects the help centre there). They lead to the help centre's real addresses, the rest of the
 * address kept; the real routes are login-gated (spec §2), so a visitor is then asked to sign in
 * by their guard, as on any /user page.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, matchRoutes, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { FEATURES } from '../features';
import { listRoutes } from './routeList';
import { buildRoutes } from './routes';

afterEach(cleanup);

const ROUTES = buildRoutes(FEATURES);

function Where() {
  const { pathname, search, hash } = useLocation();
  return <output>{`${pathname}${search}${hash}`}</output>;
}

/** The route the table matches last for `path` (the catch-all is the 404 page). */
const leafFor = (path: string): RouteObject => matchRoutes(ROUTES, path)!.at(-1)!.route;

describe('short help-centre addresses', () => {
  it.each(['/helpcenter', '/helpDetail/3', '/helpDetail', '/HelpCenter'])('%s is a route of its own, not the 404 page', (path) => {
    expect(leafFor(path).path).not.toBe('*');
  });

  it.each([
    ['/helpcenter', '/user/helpcenter'],
    ['/helpcenter?q=fees', '/user/helpcenter?q=fees'],
    ['/helpDetail/3', '/user/helpDetail/3'],
    ['/helpDetail/12#answer', '/user/helpDetail/12#answer'],
  ])('%s leads to %s', async (typed, real) => {
    const moved = leafFor(typed.replace(/[?#].*$/, ''));
    // The moved route as the table has it, and the real address beside it (its page is the guard's and the help centre's business).
    const router = createMemoryRouter([moved, { path: '/user/*', element: <Where /> }], { initialEntries: [typed] });
    render(<RouterProvider router={router} />);
    expect((await screen.findByRole('status')).textContent).toBe(real);
  });

  it('the real addresses stay login-gated, so a signed-out visitor is sent on to sign in by their guard', () => {
    const table = listRoutes(ROUTES);
    for (const pattern of ['/user/helpcenter', '/user/helpDetail/:id?']) expect(table.find((r) => r.pattern === pattern)?.gated, pattern).toBe(true);
    for (const pattern of ['/helpcenter', '/helpDetail/:id?']) expect(table.find((r) => r.pattern === pattern), pattern).toMatchObject({ gated: false, redirect: true });
  });
});
