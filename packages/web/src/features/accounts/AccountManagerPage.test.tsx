import { startI18n } from '../../../test/dom.ts';
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Account } from '@vigil/contracts';
import { AccountManagerPage } from './AccountManagerPage.tsx';

/** A signed-in vendor, as the session store reads it back (token cookie and user record). */
function signIn(): void {
  document.cookie = 'Admin-Token=test-token';
  localStorage.setItem('user', JSON.stringify({
    role: 'BUSINESS_ROLE', userId: 1, userName: 'vendor01', nickName: 'Vendor', permissionType: 1, voiceFlag: false,
    providerRole: null, providerId: null, providerName: null, domain: null, providerList: [], menuList: [], landingPath: '/',
  }));
}

function account(id: number): Account {
  const userName = `carer${String(id).padStart(3, '0')}`;
  return { id, userName, nickName: `Carer ${id}`, role: 'ONE_ROLE', dataPermission: null, providerId: null, providerName: null, enabled: true, createdAt: Date.UTC(2026, 0, 1) };
}

/** What the fake server answers to an account-list request (its JSON body): data, or a thrown network failure. */
type Answer = (body: { pageNum?: number }) => { rows: Account[]; total: number } | Error;
let answer: Answer = () => ({ rows: [], total: 0 });
const requests: { pageNum?: number }[] = [];

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { gcTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      <AccountManagerPage />
    </QueryClientProvider>,
  );
}

describe('AccountManagerPage', () => {
  before(async () => {
    await startI18n('en-us');
    globalThis.fetch = async (_input: string | URL | Request, init?: RequestInit) => {
      const body: { pageNum?: number } = typeof init?.body === 'string' ? JSON.parse(init.body) : {};
      requests.push(body);
      const data = answer(body);
      if (data instanceof Error) throw data;
      return new Response(JSON.stringify({ status: 200, data, msg: 'ok' }), { headers: { 'content-type': 'application/json' } });
    };
  });
  beforeEach(() => {
    cleanup();
    requests.length = 0;
    signIn();
  });
  after(() => cleanup());

  it('shows the empty state when there are no accounts', async () => {
    answer = () => ({ rows: [], total: 0 });
    renderPage();
    assert.ok(await screen.findByText('No accounts found'));
  });

  it('pages through the accounts, asking the server for the page clicked', async () => {
    answer = (body) => ({ rows: [account((body.pageNum ?? 1) * 10 - 9)], total: 25 });
    renderPage();
    assert.ok(await screen.findByText(/carer001/, {}, { timeout: 8000 }));
    assert.ok(screen.getByText('25 in total'));
    fireEvent.click(screen.getByTitle('3'));
    assert.ok(await screen.findByText(/carer021/, {}, { timeout: 8000 }));
    assert.equal(requests.at(-1)?.pageNum, 3);
  });

  it('says why the list could not be read', async () => {
    answer = () => new TypeError('offline');
    renderPage();
    assert.ok(await screen.findByText('Network failure or no network connection.', {}, { timeout: 8000 }));
  });
});
