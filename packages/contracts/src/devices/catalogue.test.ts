import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ALERT_TYPES } from './alert-types.ts';
import { DEVICE_TYPES, deviceRaises, deviceTypeByCode, deviceTypeInfo, SLEEP_MONITOR_TYPES } from './catalogue.ts';
import { deviceTopic, parseDeviceTopic, TelemetryMessageSchema } from './protocol.ts';

describe('device catalogue', () => {
  it('holds the 18 numeric types of spec 02 §3, each once', () => {
    assert.equal(DEVICE_TYPES.length, 18);
    assert.equal(new Set(DEVICE_TYPES.map((info) => info.type)).size, 18);
    assert.deepEqual([...SLEEP_MONITOR_TYPES].sort((a, b) => a - b), [49, 52, 59, 20489]);
  });

  it('splits the fall radar by edition and resolves the gas alias', () => {
    assert.equal(deviceTypeInfo(21007)?.edition, 'overseas');
    assert.equal(deviceTypeInfo(21011)?.edition, 'domestic');
    assert.equal(deviceTypeByCode('NB_FUEL_GAS')?.type, 20997);
    assert.equal(deviceTypeInfo(12345), undefined);
  });

  it('lists only known alert types, CONNECTION for every type', () => {
    for (const info of DEVICE_TYPES) {
      assert.ok(info.alertTypes.includes('CONNECTION'), info.model);
      for (const alert of info.alertTypes) assert.ok(ALERT_TYPES.includes(alert), `${info.model} ${alert}`);
    }
    assert.ok(deviceRaises(21007, 'FALL_ALARM'));
    assert.ok(!deviceRaises(21008, 'FALL_ALARM'));
  });
});

describe('device protocol', () => {
  it('round-trips topics and refuses foreign ones', () => {
    assert.deepEqual(parseDeviceTopic(deviceTopic('SM-0001', 'telemetry')), { deviceId: 'SM-0001', channel: 'telemetry' });
    assert.equal(parseDeviceTopic('vigil/v1/SM-0001/other'), null);
    assert.equal(parseDeviceTopic('vigil/v1/../status'), null);
    assert.equal(parseDeviceTopic('vigil/v2/SM-0001/status'), null);
  });

  it('caps a telemetry message at 254 samples', () => {
    const sample = { t: 1, hr: 60, rr: 14, move: 0, bed: 'in' as const };
    assert.ok(TelemetryMessageSchema.safeParse({ ts: 1, samples: Array(254).fill(sample) }).success);
    assert.ok(!TelemetryMessageSchema.safeParse({ ts: 1, samples: Array(255).fill(sample) }).success);
  });
});
