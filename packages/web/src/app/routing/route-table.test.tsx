import { startI18n } from '../../../test/dom.ts';
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ConsoleRoutes } from './route-table.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

/** The address the router is at, for assertions. */
function CurrentAddress() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

function renderAt(path: string, children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        {children}
        <CurrentAddress />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function Broken(): ReactNode {
  throw new Error('screen bug');
}

describe('console route table', () => {
  before(async () => {
    await startI18n('en-us');
    globalThis.fetch = async () => new Response(JSON.stringify({ status: 200, data: {}, msg: 'ok' }), { headers: { 'content-type': 'application/json' } });
  });
  beforeEach(() => {
    cleanup();
    document.cookie = 'Admin-Token=; max-age=0';
    localStorage.removeItem('user');
  });
  after(() => cleanup());

  it('sends a visitor without a session from a console path to /login, with the way back', async () => {
    renderAt('/BunkManage/nowhere?x=1', <ConsoleRoutes />);
    assert.ok(await screen.findByRole('button', { name: 'Sign in' }));
    assert.equal(screen.getByRole('status', { name: 'address' }).textContent, `/login?redirect=${encodeURIComponent('/BunkManage/nowhere?x=1')}`);
  });

  it('opens /404, whose page loads with the route', async () => {
    renderAt('/404', <ConsoleRoutes />);
    assert.ok(await screen.findByText('Page not found'));
  });

  it('shows the error page in place of a crashed screen only, until the user goes elsewhere', async () => {
    const logged = console.error;
    console.error = () => {};
    try {
      renderAt(
        '/broken',
        <>
          <nav>
            <Link to="/fine">Fine page</Link>
          </nav>
          <Routes>
            <Route path="/broken" element={<RouteErrorBoundary><Broken /></RouteErrorBoundary>} />
            <Route path="/fine" element={<RouteErrorBoundary>Nothing wrong here</RouteErrorBoundary>} />
          </Routes>
        </>,
      );
      assert.ok(await screen.findByText('Something went wrong'));
      fireEvent.click(screen.getByRole('link', { name: 'Fine page' }));
      assert.ok(await screen.findByText('Nothing wrong here'));
      assert.equal(screen.queryByText('Something went wrong'), null);
    } finally {
      console.error = logged;
    }
  });
});
