import { startI18n } from '../../../test/dom.ts';
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { useFeedback } from '../shared/useFeedback.tsx';
import { AddAccountDialog } from './AddAccountDialog.tsx';

const CONFIRM_MISMATCH = 'Inconsistent passwords.';
const requests: { path: string; body: Record<string, unknown> }[] = [];

function Dialog() {
  const feedback = useFeedback();
  return (
    <>
      {feedback.holder}
      <AddAccountDialog open myRole="ONE_ROLE" feedback={feedback} onClose={() => {}} />
    </>
  );
}

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { gcTime: Infinity } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <Dialog />
      </App>
    </QueryClientProvider>,
  );
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('AddAccountDialog', () => {
  before(async () => {
    await startI18n('en-us');
    globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
      requests.push({ path: String(input), body: typeof init?.body === 'string' ? JSON.parse(init.body) : {} });
      return new Response(JSON.stringify({ status: 200, data: { id: 9 }, msg: 'ok' }), { headers: { 'content-type': 'application/json' } });
    };
  });
  beforeEach(() => {
    cleanup();
    requests.length = 0;
  });
  after(() => cleanup());

  it('names the rule a short login breaks and sends nothing', async () => {
    renderDialog();
    type('Login account', 'abc');
    type('Name', 'Night Nurse');
    type('Initial password', 'Night#Shift2026');
    type('Confirm password', 'Night#Shift2026');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    assert.ok(await screen.findByText(/6~64 characters/, {}, { timeout: 8000 }));
    assert.equal(requests.filter((request) => request.path.includes('insertAccount')).length, 0);
  });

  it('refuses a confirmation that differs from the password', async () => {
    renderDialog();
    type('Login account', 'nightnurse01');
    type('Initial password', 'Night#Shift2026');
    type('Confirm password', 'Night#Shift2025');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    assert.ok(await screen.findByText(CONFIRM_MISMATCH, {}, { timeout: 8000 }));
    assert.equal(requests.filter((request) => request.path.includes('insertAccount')).length, 0);
  });
});
