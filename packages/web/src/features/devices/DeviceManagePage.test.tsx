import { startI18n } from '../../../test/dom.ts';
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Role } from '@vigil/contracts';
import { clearSession, updateSession } from '../../session/session-store.ts';
import { DeviceManagePage } from './DeviceManagePage.tsx';

/** A signed-in user of the given role, as the session store reads it back. */
function signIn(role: Role): void {
  clearSession();
  document.cookie = 'Admin-Token=test-token';
  localStorage.setItem('user', JSON.stringify({
    role, userId: 7, userName: 'user07', nickName: 'User', permissionType: 1, voiceFlag: false,
    providerRole: null, providerId: null, providerName: null, domain: null, providerList: [], menuList: [], landingPath: '/',
  }));
  updateSession({});
}

/** Every device-list request body the fake server received, newest last. */
const listRequests: Record<string, unknown>[] = [];
let edition: 'overseas' | 'domestic' = 'overseas';

async function answer(url: URL, init: RequestInit | undefined): Promise<unknown> {
  if (url.pathname === '/api/system/querySystemConfig') return { edition, timeZone: 'UTC' };
  if (url.pathname === '/api/device/getDeviceSummary') return { total: 0, online: 0, offline: 0, bound: 0, unbound: 0, inStock: 0, added: 0 };
  if (url.pathname === '/api/device/getDeviceList') {
    listRequests.push(JSON.parse(String(init?.body ?? '{}')));
    return { rows: [], total: 0, pageNum: 1, pageSize: 10 };
  }
  return null;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { gcTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      <DeviceManagePage />
    </QueryClientProvider>,
  );
}

/** Opens an antd Select found by its label and picks the option with this text. */
async function choose(label: string, option: string): Promise<void> {
  const combobox = screen.getByRole('combobox', { name: label });
  fireEvent.mouseDown(combobox);
  const listbox = await screen.findAllByTitle(option);
  fireEvent.click(listbox[listbox.length - 1]);
}

const lastList = () => listRequests.at(-1) ?? {};

describe('DeviceManagePage filters', () => {
  before(async () => {
    await startI18n('en-us');
    globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      return new Response(JSON.stringify({ status: 200, data: await answer(url, init), msg: 'ok' }), { headers: { 'content-type': 'application/json' } });
    };
  });
  beforeEach(() => {
    cleanup();
    listRequests.length = 0;
    edition = 'overseas';
    localStorage.setItem('isAbroad', 'true');
  });
  after(() => cleanup());

  it('shows a care home the empty state that says how to add a device, and no stock filter', async () => {
    signIn('TWO_ROLE');
    renderPage();
    assert.ok(await screen.findByText('No devices yet. Add one from stock by its device ID.', {}, { timeout: 8000 }));
    assert.equal(screen.queryByRole('combobox', { name: 'Stock' }), null);
    assert.equal(lastList().screen, 'deviceManage', 'lists the types managed on this screen');
  });

  it('asks the server for the type, online and bound state chosen, and a typed keyword', async () => {
    signIn('TWO_ROLE');
    renderPage();
    await waitFor(() => assert.ok(listRequests.length > 0), { timeout: 8000 });
    await choose('Device type', 'M901L · Sleep monitor');
    await waitFor(() => assert.equal(lastList().deviceType, 59));
    await choose('Online status', 'Offline');
    await waitFor(() => assert.equal(lastList().online, false));
    await choose('Binding', 'Bound');
    await waitFor(() => assert.equal(lastList().bound, true));
    const search = screen.getByRole('searchbox', { name: 'Search devices' });
    fireEvent.change(search, { target: { value: '  SLEEP-7 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => assert.equal(lastList().keyWord, 'SLEEP-7'));
    assert.deepEqual({ deviceType: lastList().deviceType, online: lastList().online, bound: lastList().bound, pageNum: lastList().pageNum }, { deviceType: 59, online: false, bound: true, pageNum: 1 });
  });

  it('offers only the types this edition manages here: the domestic fall radar, not the overseas one', async () => {
    signIn('TWO_ROLE');
    edition = 'domestic';
    localStorage.setItem('isAbroad', 'false');
    renderPage();
    await waitFor(() => assert.ok(listRequests.length > 0), { timeout: 8000 });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Device type' }));
    assert.ok((await screen.findAllByTitle('ED719N · Fall radar')).length > 0, 'the domestic fall radar is offered');
    assert.ok(screen.getAllByTitle('BM8701-2 · Sleep monitor').length > 0, 'sleep monitors are offered');
    assert.equal(screen.queryAllByTitle('ED719W · Fall radar').length, 0, 'the overseas fall radar is not');
    assert.equal(screen.queryAllByTitle('LHD8100 · Gateway host').length, 0, 'gateways have their own screen');
  });

  it('lets vendor roles filter by stock and names the register action', async () => {
    signIn('SENIOR_ROLE');
    renderPage();
    assert.ok(await screen.findByRole('button', { name: /Register into stock/ }, { timeout: 8000 }));
    await choose('Stock', 'In stock');
    await waitFor(() => assert.equal(lastList().stock, 'stock'));
  });
});
