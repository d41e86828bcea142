import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEVICE_TYPES, EventMessageSchema, StatusMessageSchema, TelemetryMessageSchema, type CommandMessage } from '@vigil/contracts';
import { ambientEvents, offlineSpells } from './ambient.ts';
import { SimulatedDevice, type Outgoing } from './device.ts';
import { residentDays } from './resident-day.ts';

const DAY = 86_400_000;
const START = Date.UTC(2026, 2, 1);

function harness(deviceType: number, subDevices: { deviceId: string; deviceType: number }[] = []) {
  const sent: Outgoing[] = [];
  const pending: (() => void)[] = [];
  let clock = START + 22 * 3_600_000;
  const device = new SimulatedDevice({ deviceId: `T-${deviceType}`, deviceType, key: 'k', subDevices }, 9, 0, {
    now: () => clock,
    send: (out) => sent.push(out),
    restart: () => sent.push({ channel: 'status', message: { restarted: true } }),
    later: (_ms, action) => pending.push(action),
  });
  return { device, sent, runLater: () => pending.splice(0).forEach((action) => action()), advance: (ms: number) => (clock += ms) };
}

describe('sensor behaviour', () => {
  it('is deterministic with a seed and the same whatever the window it is read by', () => {
    const whole = ambientEvents('doorMagnet', 5, START, START + DAY);
    const pieces = [0, 1, 2, 3].flatMap((quarter) => ambientEvents('doorMagnet', 5, START + (quarter * DAY) / 4, START + ((quarter + 1) * DAY) / 4));
    assert.deepEqual(pieces, whole);
    assert.deepEqual(ambientEvents('doorMagnet', 5, START, START + DAY), whole);
    assert.notDeepEqual(ambientEvents('doorMagnet', 6, START, START + DAY), whole);
  });

  it('opens and closes doors in turn, detects motion, and keeps rare events rare', () => {
    const week = 7 * DAY;
    const door = ambientEvents('doorMagnet', 1, START, START + week);
    assert.ok(door.length > 2 * 7 * 24, `about 1.5 openings an hour, got ${door.length / 2} in a week`);
    door.forEach((event, index) => assert.equal(event.status, index % 2 === 0 ? 1 : 0, 'open, close, open, close'));
    assert.ok(ambientEvents('humanMotion', 1, START, START + DAY).some((event) => event.type === 'motion'));
    assert.ok(ambientEvents('smoke', 1, START, START + week).filter((event) => event.type === 'smoke').length === 0, 'no smoke by itself');
    const spells = offlineSpells(3, START, START + 30 * DAY);
    assert.ok(spells.length > 5 && spells.length < 40, `about one outage in two days, got ${spells.length} in 30 days`);
  });

  it('sends schema-valid status and events for every device type, its own way', () => {
    for (const info of DEVICE_TYPES) {
      const { device, sent } = harness(info.type);
      device.announce();
      device.heartbeat();
      device.ambient(START, START + 2 * DAY);
      device.flushTelemetry(START + 22 * 3_600_000);
      for (const out of sent) {
        const schema = out.channel === 'status' ? StatusMessageSchema : out.channel === 'event' ? EventMessageSchema : TelemetryMessageSchema;
        assert.ok(schema.safeParse(out.message).success, `${info.model} ${out.channel} ${JSON.stringify(out.message)}`);
      }
      assert.equal(sent[0].channel, 'status');
      assert.equal(sent[0].retain, true);
      assert.equal(sent.some((out) => out.channel === 'telemetry'), info.kind === 'sleepMonitor', info.model);
    }
  });

  it('answers commands: configure checks the interval, a gateway pairs its sub-devices, a sensor runs a test', () => {
    const gateway = harness(21008, [{ deviceId: 'T-DOOR', deviceType: 21009 }, { deviceId: 'T-PIR', deviceType: 21010 }]);
    const command = (cmd: CommandMessage['cmd'], args: Record<string, unknown> = {}): CommandMessage => ({ id: `c-${cmd}`, cmd, args });
    gateway.device.command(command('configure', { reportInterval: 0 }));
    gateway.device.command(command('pair', { subs: ['T-PIR'] }));
    gateway.runLater();
    const acks = gateway.sent.filter((out) => out.channel === 'ack').map((out) => out.message);
    assert.deepEqual(acks.map((ack) => ('ok' in ack ? ack.ok : null)), [false, true]);
    const pairing = gateway.sent.filter((out) => out.channel === 'event').map((out) => out.message);
    assert.deepEqual(pairing.map((event) => ('sub' in event ? event.sub : null)), ['T-PIR']);
    const smoke = harness(20996);
    smoke.device.command(command('test'));
    smoke.runLater();
    assert.deepEqual(smoke.sent.filter((out) => out.channel === 'event').map((out) => ('status' in out.message ? out.message.status : null)), [1, 0]);
  });
  it('a fall radar keeps the settings of a configure command; another kind refuses them', () => {
    const radar = harness(21007);
    const settings = { installMode: 'flush', installHeight: 1.4 };
    radar.device.command({ id: 'c-1', cmd: 'configure', args: { fallRadar: settings } });
    assert.deepEqual(radar.device.fallRadarSettings, settings);
    const gateway = harness(21008);
    gateway.device.command({ id: 'c-2', cmd: 'configure', args: { fallRadar: settings } });
    assert.equal(gateway.device.fallRadarSettings, null);
    const acks = [...radar.sent, ...gateway.sent].filter((out) => out.channel === 'ack').map((out) => ('ok' in out.message ? out.message.ok : null));
    assert.deepEqual(acks, [true, false]);
  });
});

describe('resident days', () => {
  it('plays the night from bedtime to rising time, local time, and nothing before bedtime', () => {
    const days = residentDays({ seed: 4, bedTime: '21:00', wakeTime: '07:00', timeZoneOffsetMinutes: 60 });
    const night = START + 2 * 3_600_000; // 03:00 local
    const spell = days.spellAt(night);
    assert.ok(spell, 'a night holds 03:00 local');
    assert.equal(spell.truth.inBedAt >= START - 4 * 3_600_000 - 10 * 60_000 && spell.truth.inBedAt <= START - 4 * 3_600_000 + 25 * 60_000, true, 'in bed around 21:00 local');
    const { state, ...sample } = days.sampleAt(night);
    assert.deepEqual(sample, spell.sampleAt(night));
    assert.equal(state === undefined, sample.bed === 'out', 'the device adds its own sleep state while the resident is in bed');
    assert.equal(days.spellAt(START + 19 * 3_600_000), undefined, 'nobody is in bed at 20:00 local');
    assert.equal(days.sampleAt(START + 19 * 3_600_000).bed, 'out');
  });
});
