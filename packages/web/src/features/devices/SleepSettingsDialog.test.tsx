import { startI18n } from '../../../test/dom.ts';
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SLEEP_MONITOR_DEFAULTS, type DeviceCommand, type DeviceDetail } from '@vigil/contracts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { SleepSettingsDialog } from './SleepSettingsDialog.tsx';

/** A care home's sleep monitor with the default settings, online. */
function sleepMonitor(patch: Partial<DeviceDetail> = {}): DeviceDetail {
  return {
    id: 41, deviceId: 'SLEEP-41', cipherId: 'V1.x.y', deviceType: 49, model: 'BM8701-2', typeCode: 'BM8701_2', kind: 'sleepMonitor',
    imei: null, moduleImei: null, iccid: null, commMethod: null, online: true, lastSeenAt: Date.UTC(2026, 10, 23, 12), location: '', firmwareVersion: '1.0.3',
    hardwareVersion: null, battery: 80, signal: 4, power: true, tamper: null, providerId: 3, providerName: 'Sunrise', inStock: false, withheld: false,
    addedAt: Date.UTC(2026, 10, 1), hostId: null, pairing: 'none', remark: '', createdAt: Date.UTC(2026, 9, 1),
    binding: { target: 'none', bunkId: null, bunkName: null, roomId: null, roomName: null, floorName: null, buildingName: null, residentId: null, residentName: null },
    settings: SLEEP_MONITOR_DEFAULTS, lastCommand: null, deviceKey: null, ...patch,
  };
}

const requests: URL[] = [];
let command: DeviceCommand;

function Harness({ device }: { device: DeviceDetail }) {
  const feedback = useFeedback();
  return (
    <>
      {feedback.holder}
      <SleepSettingsDialog device={device} open feedback={feedback} onClose={() => {}} />
    </>
  );
}

function renderDialog(device: DeviceDetail) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { gcTime: Infinity } } });
  const view = render(
    <QueryClientProvider client={client}>
      <Harness device={device} />
    </QueryClientProvider>,
  );
  return {
    rerender: (next: DeviceDetail) =>
      view.rerender(
        <QueryClientProvider client={client}>
          <Harness device={next} />
        </QueryClientProvider>,
      ),
  };
}

const INTERVAL_RULE = 'The real-time report interval is required: a whole number of seconds from 1 to 254.';
const interval = () => screen.getByRole('spinbutton', { name: 'Real-time report interval' });
const type = (value: string) => fireEvent.change(interval(), { target: { value } });

describe('SleepSettingsDialog', () => {
  before(async () => {
    await startI18n('en-us');
    globalThis.fetch = async (input: string | URL | Request) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(url);
      return new Response(JSON.stringify({ status: 200, data: { command }, msg: 'ok' }), { headers: { 'content-type': 'application/json' } });
    };
  });
  beforeEach(() => {
    cleanup();
    requests.length = 0;
    command = { id: 'c1', cmd: 'configure', args: {}, state: 'pending', sentAt: Date.now(), answeredAt: null, message: '' };
  });
  after(() => cleanup());

  it('checks the report interval as it is typed, with the contract rule (1 to 254 whole seconds)', async () => {
    renderDialog(sleepMonitor());
    type('0');
    assert.ok(await screen.findByText(INTERVAL_RULE));
    await waitFor(() => assert.equal(interval().getAttribute('aria-invalid'), 'true'));
    type('30');
    // The message fades out (an animation happy-dom never ends); the field stops being invalid at once.
    await waitFor(() => assert.notEqual(interval().getAttribute('aria-invalid'), 'true'));
    type('255');
    await waitFor(() => assert.equal(interval().getAttribute('aria-invalid'), 'true'));
    assert.ok(await screen.findByText(INTERVAL_RULE));
    type('12');
    await waitFor(() => assert.notEqual(interval().getAttribute('aria-invalid'), 'true'));
    type('');
    await waitFor(() => assert.equal(interval().getAttribute('aria-invalid'), 'true'), { timeout: 2000 });
    assert.ok(screen.getAllByText(INTERVAL_RULE).length > 0, 'an empty interval is refused too');
  });

  it('does not send an interval the rule refuses', async () => {
    renderDialog(sleepMonitor());
    type('999');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    assert.ok(await screen.findByText(INTERVAL_RULE));
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(requests.filter((url) => url.pathname.startsWith('/api/device/')).length, 0);
  });

  it('sends only what changed, then shows whether the device acknowledged', async () => {
    const { rerender } = renderDialog(sleepMonitor());
    type('30');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => assert.ok(requests.some((url) => url.pathname === '/api/device/updateInterval')), { timeout: 5000 });
    const sent = requests.filter((url) => url.pathname.startsWith('/api/device/'));
    assert.deepEqual(sent.map((url) => url.pathname), ['/api/device/updateInterval'], 'no algorithm, upload or schedule call');
    assert.equal(sent[0].searchParams.get('interval'), '30');
    assert.ok(await screen.findByText('Waiting for the device'), 'the answer of the call itself, before the next poll');
    rerender(sleepMonitor({ settings: { ...SLEEP_MONITOR_DEFAULTS, reportInterval: 30 }, lastCommand: { ...command, state: 'acked', sentAt: Date.now(), answeredAt: Date.now() } }));
    assert.ok(await screen.findByText('Acknowledged by the device'));
  });

  it('says a refused command in words, with the server reason in the interface language', async () => {
    const { rerender } = renderDialog(sleepMonitor({ online: false }));
    assert.ok(screen.getByText(/The device is offline/));
    fireEvent.click(screen.getByRole('radio', { name: 'Fast, about 5 s' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => assert.ok(requests.some((url) => url.pathname === '/api/device/updateAlgMode')), { timeout: 5000 });
    rerender(sleepMonitor({ online: false, lastCommand: { ...command, state: 'failed', sentAt: Date.now(), message: 'device.offline' } }));
    assert.ok(await screen.findByText('The device refused'));
    assert.ok(screen.getByText('The device is offline.'));
  });
});
