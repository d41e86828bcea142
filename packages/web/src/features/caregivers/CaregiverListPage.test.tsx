import { startI18n } from '../../../test/dom.ts';
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Caregiver } from '@vigil/contracts';
import { CaregiverListPage } from './CaregiverListPage.tsx';

/** A signed-in class II provider, as the session store reads it back. */
function signIn(): void {
  document.cookie = 'Admin-Token=test-token';
  localStorage.setItem('user', JSON.stringify({
    role: 'TWO_ROLE', userId: 2, userName: 'homeadmin', nickName: 'Home', permissionType: 1, voiceFlag: false,
    providerRole: 2, providerId: 7, providerName: 'Riverside', domain: null, providerList: [], menuList: [], landingPath: '/',
  }));
}

function caregiver(id: number, name: string): Caregiver {
  return {
    id, accountId: 100 + id, userName: `nurse${id}`, name, phone: '13800000000', job: '', idNumber: '', relation: '', grade: 'general',
    enabled: true, residents: [], createdAt: Date.UTC(2026, 0, 1),
  };
}

type Body = { pageNum?: number; pageSize?: number; keyWord?: string; grade?: string; enabled?: boolean };
const requests: Body[] = [];

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { gcTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CaregiverListPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('CaregiverListPage', () => {
  before(async () => {
    await startI18n('en-us');
    globalThis.fetch = async (_input: string | URL | Request, init?: RequestInit) => {
      const body: Body = typeof init?.body === 'string' ? JSON.parse(init.body) : {};
      requests.push(body);
      const rows = body.keyWord === 'nobody' ? [] : [caregiver((body.pageNum ?? 1) * 10 - 9, body.keyWord ? `Found ${body.keyWord}` : 'Anna Carer')];
      return new Response(JSON.stringify({ status: 200, data: { rows, total: rows.length ? 25 : 0 }, msg: 'ok' }), { headers: { 'content-type': 'application/json' } });
    };
  });
  beforeEach(() => {
    cleanup();
    requests.length = 0;
    signIn();
  });
  after(() => cleanup());

  it('lists caregivers and searches from page 1 with the typed words', async () => {
    renderPage();
    assert.ok(await screen.findByText('Anna Carer', {}, { timeout: 8000 }));
    fireEvent.click(screen.getByTitle('3'));
    assert.ok(await screen.findByText('nurse21', {}, { timeout: 8000 }));
    const search = screen.getByRole('searchbox', { name: 'Search caregivers' });
    fireEvent.change(search, { target: { value: '  Lee ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    assert.ok(await screen.findByText('Found Lee', {}, { timeout: 8000 }));
    const last = requests.at(-1);
    assert.equal(last?.keyWord, 'Lee');
    assert.equal(last?.pageNum, 1);
  });

  it('says nothing of an empty list until the first page is in (a shared PagedTable rule)', async () => {
    const answering = globalThis.fetch;
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    globalThis.fetch = async () => {
      await answered;
      return new Response(JSON.stringify({ status: 200, data: { rows: [], total: 0 }, msg: 'ok' }), { headers: { 'content-type': 'application/json' } });
    };
    try {
      renderPage();
      await screen.findByRole('searchbox', { name: 'Search caregivers' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(screen.queryByText('No caregivers found'), null, 'the list is not said to be empty while it is being read');
      answer();
      assert.ok(await screen.findByText('No caregivers found', {}, { timeout: 8000 }));
    } finally {
      globalThis.fetch = answering;
    }
  });

  it('shows the empty state when the search finds nobody', async () => {
    renderPage();
    await screen.findByText('Anna Carer', {}, { timeout: 8000 });
    const search = screen.getByRole('searchbox', { name: 'Search caregivers' });
    fireEvent.change(search, { target: { value: 'nobody' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => assert.equal(requests.at(-1)?.keyWord, 'nobody'));
    assert.ok(await screen.findByText('No caregivers found', {}, { timeout: 8000 }));
  });
});
