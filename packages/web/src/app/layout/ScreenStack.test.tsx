import { startI18n } from '../../../test/dom.ts';
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { Link, MemoryRouter, Route, Routes, useSearchParams, type RouteObject } from 'react-router';
import { closeView, visitView } from './visited-views.ts';
import { ScreenStack } from './ScreenStack.tsx';

/** A signed-in class II provider, as the session store reads it back. */
function signIn(): void {
  document.cookie = 'Admin-Token=test-token';
  localStorage.setItem('user', JSON.stringify({
    role: 'TWO_ROLE', userId: 2, userName: 'homeadmin', nickName: 'Home', permissionType: 1, voiceFlag: false,
    providerRole: 2, providerId: 7, providerName: 'Riverside', domain: null, providerList: [{ id: 7, available: true }], menuList: [], landingPath: '/',
  }));
}

/** How often each screen's effect has started: an effect starts again when its screen shows again. */
const effectStarts = new Map<string, number>();

/** A screen with a filter typed in its own state, and the query of the address it is at. */
function FilterScreen({ name }: { name: string }) {
  const [filter, setFilter] = useState('');
  const [params] = useSearchParams();
  useEffect(() => {
    effectStarts.set(name, (effectStarts.get(name) ?? 0) + 1);
  }, [name]);
  return (
    <section>
      <h1>{name}</h1>
      <input aria-label={`${name} filter`} value={filter} onChange={(event) => setFilter(event.target.value)} />
      <output aria-label={`${name} query`}>{params.get('id') ?? ''}</output>
    </section>
  );
}

const RESIDENTS = '/people-manage/userManage';
const ADDRESSES = '/BunkManage/index';
/** Marked no-cache in the route table. */
const RESIDENT_FORM = '/people-manage/addAndEdit/addAndEditUser';

const ROUTES: RouteObject[] = [
  { path: RESIDENTS, element: <FilterScreen name="Residents" /> },
  { path: ADDRESSES, element: <FilterScreen name="Addresses" /> },
  { path: RESIDENT_FORM, element: <FilterScreen name="Resident form" /> },
];

function renderStack() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[RESIDENTS]}>
        <nav>
          <Link to={RESIDENTS}>Go residents</Link>
          <Link to={ADDRESSES}>Go addresses</Link>
          <Link to={`${RESIDENT_FORM}?id=5`}>Go form</Link>
        </nav>
        <Routes>
          <Route path="*" element={<ScreenStack routes={ROUTES} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function type(label: string, text: string): void {
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value: text } });
}

async function go(link: string, heading: string): Promise<void> {
  fireEvent.click(screen.getByRole('link', { name: link }));
  await screen.findByRole('heading', { name: heading });
}

describe('ScreenStack', () => {
  before(async () => {
    await startI18n('en-us');
    // The edition (isAbroad) is read from the system config; the defaults are the domestic edition.
    globalThis.fetch = async () => new Response(JSON.stringify({ status: 200, data: {}, msg: 'ok' }), { headers: { 'content-type': 'application/json' } });
  });
  beforeEach(() => {
    cleanup();
    effectStarts.clear();
    signIn();
    for (const path of [RESIDENTS, ADDRESSES, RESIDENT_FORM]) visitView({ path, fullPath: path, titleKey: null, affix: false });
  });
  after(() => cleanup());

  it('keeps a left screen with its filter, hidden from the accessibility tree, and starts its effects again when it shows', async () => {
    renderStack();
    await screen.findByRole('heading', { name: 'Residents' });
    type('Residents filter', 'Anna');
    await go('Go addresses', 'Addresses');
    // Hidden, not gone: only the visible screen is in the accessibility tree.
    assert.equal(screen.queryByRole('heading', { name: 'Residents' }), null);
    assert.ok(screen.getByText('Residents', { selector: 'h1' }));
    await go('Go residents', 'Residents');
    assert.equal(screen.getByRole('textbox', { name: 'Residents filter' }).getAttribute('value'), 'Anna');
    assert.equal(effectStarts.get('Residents'), 2);
  });

  it('opens a no-cache screen fresh every time', async () => {
    renderStack();
    await go('Go form', 'Resident form');
    assert.equal(screen.getByRole('status', { name: 'Resident form query' }).textContent, '5');
    type('Resident form filter', 'half typed');
    await go('Go residents', 'Residents');
    assert.equal(screen.queryByText('Resident form', { selector: 'h1' }), null);
    await go('Go form', 'Resident form');
    assert.equal(screen.getByRole('textbox', { name: 'Resident form filter' }).getAttribute('value'), '');
  });

  it('drops the screen of a closed tab, so reopening it starts fresh', async () => {
    renderStack();
    await screen.findByRole('heading', { name: 'Residents' });
    type('Residents filter', 'Anna');
    await go('Go addresses', 'Addresses');
    act(() => closeView(RESIDENTS));
    assert.equal(screen.queryByText('Residents', { selector: 'h1' }), null);
    await go('Go residents', 'Residents');
    assert.equal(screen.getByRole('textbox', { name: 'Residents filter' }).getAttribute('value'), '');
  });
});
