import { startI18n } from '../../../test/dom.ts';
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AlarmRecord } from '@vigil/contracts';
import { alarmRecord as alarm } from '../../../test/alarm-fixture.ts';
import { HandleAlarmDialog } from './HandleAlarmDialog.tsx';

/** The fake server's answer to /alarm/dealStatus: the envelope it sends back. */
let answer: (body: unknown) => { status: number; data: unknown; msg: string } = () => ({ status: 200, data: alarm({ dealState: 'processed' }), msg: 'ok' });
const sent: unknown[] = [];

function renderDialog(record: AlarmRecord | null = alarm()) {
  const gone: Array<[number, boolean]> = [];
  let closed = 0;
  render(<HandleAlarmDialog alarm={record} onClose={() => closed++} onGone={(id, here) => gone.push([id, here])} />);
  return { gone, closed: () => closed };
}

describe('HandleAlarmDialog (spec 02 §3 handling options)', () => {
  before(async () => {
    await startI18n('en-us');
    document.cookie = 'Admin-Token=test-token';
    globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      assert.equal(url.pathname, '/api/alarm/dealStatus');
      const body: unknown = JSON.parse(String(init?.body));
      sent.push(body);
      return new Response(JSON.stringify(answer(body)), { headers: { 'content-type': 'application/json' } });
    };
  });
  beforeEach(() => {
    cleanup();
    sent.length = 0;
  });
  after(() => cleanup());

  it('offers every release choice and follow-up option by name', async () => {
    renderDialog();
    assert.ok(await screen.findByRole('dialog', { name: 'Handle alarm' }));
    for (const name of ['Checked and dealt with (normal)', 'False alarm, device normal after recheck', 'False alarm, device abnormal', 'Test', 'Device removed']) {
      assert.ok(screen.getByRole('radio', { name }), name);
    }
    for (const name of ['Nothing abnormal', 'Resident helped back into bed', 'Resident sitting beside the bed', 'Resident up or sitting at the foot of the bed']) {
      assert.ok(screen.getByRole('radio', { name }), name);
    }
    assert.ok(screen.getByRole('textbox', { name: 'Remark' }));
  });

  it('asks for a release choice and sends nothing without one', async () => {
    const { gone } = renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    assert.ok(await screen.findByText('Please choose how the alarm was released.', {}, { timeout: 8000 }));
    assert.equal(sent.length, 0);
    assert.deepEqual(gone, []);
  });

  it('sends the release choice, follow-up and remark, and reports the alarm handled here', async () => {
    answer = () => ({ status: 200, data: alarm({ dealState: 'processed' }), msg: 'ok' });
    const { gone, closed } = renderDialog();
    fireEvent.click(await screen.findByRole('radio', { name: 'False alarm, device normal after recheck' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Resident sitting beside the bed' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Remark' }), { target: { value: '  Sat up to drink water  ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
    await waitFor(() => assert.deepEqual(gone, [[41, true]]));
    assert.deepEqual(sent, [{ id: 41, dealOption: 'MISTAKE_RECHECK', followUp: 'SIT_ASIDE_BED', remark: 'Sat up to drink water' }]);
    assert.equal(closed(), 1);
  });

  it('refuses a remark longer than 200 characters', async () => {
    renderDialog();
    fireEvent.click(await screen.findByRole('radio', { name: 'Test' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Remark' }), { target: { value: 'x'.repeat(201) } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
    assert.ok(await screen.findByText('The remark can be at most 200 characters.', {}, { timeout: 8000 }));
    assert.equal(sent.length, 0);
  });

  it('says so when the alarm was already handled on another terminal, and drops it here', async () => {
    answer = () => ({ status: 409, data: null, msg: 'The alarm has already been handled on another terminal.' });
    const { gone } = renderDialog();
    fireEvent.click(await screen.findByRole('radio', { name: 'Checked and dealt with (normal)' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
    assert.ok(await screen.findByText('The alarm has already been handled on another terminal.', {}, { timeout: 8000 }));
    assert.deepEqual(gone, [[41, false]]);
    // The dialog's own close (×) and the footer button that replaced Submit.
    assert.equal(screen.getAllByRole('button', { name: 'Close' }).length, 2);
    assert.equal(screen.queryByRole('button', { name: 'Submit' }), null);
  });
});
