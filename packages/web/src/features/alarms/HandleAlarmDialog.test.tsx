import { startI18n } from '../../../test/dom.ts';
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AlarmRecord } from '@vigil/contracts';
import { alarmRecord as alarm } from '../../../test/alarm-fixture.ts';
import { HandleAlarmDialog } from './HandleAlarmDialog.tsx';
import { pendingAlarms } from './pendingStore.ts';

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

describe('HandleAlarmDialog told live when another console closes the alarm (issue 25 item 8)', () => {
  before(() => {
    answer = () => ({ status: 200, data: alarm({ dealState: 'processed' }), msg: 'ok' });
  });
  beforeEach(() => {
    cleanup();
    sent.length = 0;
    pendingAlarms.clear();
  });

  it('says who handled it on another terminal and disables Submit, before the nurse submits', async () => {
    pendingAlarms.notify(alarm({ id: 77 }), Date.now());
    renderDialog(alarm({ id: 77 }));
    assert.ok(await screen.findByRole('dialog', { name: 'Handle alarm' }));
    assert.equal(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled'), false);
    act(() => pendingAlarms.handled({ id: 77, handler: 'Eva Novak' }, false));
    assert.ok(await screen.findByText('Eva Novak has just handled this alarm on another terminal.'));
    assert.equal(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled'), true);
    assert.equal(sent.length, 0);
  });

  it('says so when the alarm is released meanwhile', async () => {
    pendingAlarms.notify(alarm({ id: 78 }), Date.now());
    renderDialog(alarm({ id: 78 }));
    assert.ok(await screen.findByRole('dialog', { name: 'Handle alarm' }));
    act(() => pendingAlarms.relieve({ alertType: 'RELIVE_ALERT', id: 78, relievedAlertType: 'FALL_ALARM', deviceId: 'R-1', deviceType: 21007, userId: 7, status: 0, releaseSource: 3, timeStamp: 1, removeKey: 'remove.FALL_ALARM' }, Date.now()));
    assert.ok(await screen.findByText('This alarm has just been released; it is no longer pending.'));
    assert.equal(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled'), true);
  });
});

describe('HandleAlarmDialog: bulk handling (issue 25 item 5)', () => {
  const requests: { path: string; ids: number[] }[] = [];
  before(() => {
    globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const body = JSON.parse(String(init?.body)) as { ids: number[] };
      requests.push({ path: url.pathname, ids: body.ids });
      const handled = body.ids.filter((id) => id !== 7).map((id) => alarm({ id, dealState: 'processed' }));
      const refused = body.ids.includes(7) ? [{ id: 7, code: 300, msg: 'The alarm has already been handled on another terminal.' }] : [];
      return new Response(JSON.stringify({ status: 200, data: { handled, refused }, msg: 'ok' }), { headers: { 'content-type': 'application/json' } });
    };
  });
  beforeEach(() => {
    cleanup();
    requests.length = 0;
    pendingAlarms.clear();
  });

  it('sends 250 selected alarms in requests of at most 200 and names the one refused', async () => {
    const chosen = Array.from({ length: 250 }, (_, index) => alarm({ id: index + 1 }));
    const gone: Array<[number, boolean]> = [];
    let done = -1;
    render(<HandleAlarmDialog alarm={null} alarms={chosen} onClose={() => {}} onGone={(id, here) => gone.push([id, here])} onHandledMany={(count) => (done = count)} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Checked and dealt with (normal)' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
    await waitFor(() => assert.equal(done, 249));
    assert.deepEqual(requests.map((request) => [request.path, request.ids.length]), [['/api/alarm/dealStatusMany', 200], ['/api/alarm/dealStatusMany', 50]]);
    assert.deepEqual(gone.find(([id]) => id === 7), [7, false]);
    assert.equal(gone.filter(([, here]) => here).length, 249);
    assert.ok(await screen.findByText(/1 alarm could not be handled/));
  });
});
