import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CarrierPushSchema, EventMessageSchema, StatusMessageSchema } from '@vigil/contracts';
import { carrierPushToVigil, fromLogPayload, signalLevel, toLogPayload } from './translate.ts';

const IMEI = '861234567890123';
const push = (body: object) => CarrierPushSchema.parse({ deviceId: 'ctw-1', IMEI, productId: 'p1', timestamp: 1_760_000_000_000, ...body });

describe('carrier push translation', () => {
  it('turns online and offline reports into status messages', () => {
    assert.deepEqual(carrierPushToVigil(push({ messageType: 'deviceOnlineOfflineReport', eventType: 1 })), [
      { deviceId: IMEI, channel: 'status', message: { ts: 1_760_000_000_000, online: true } },
    ]);
    assert.equal(carrierPushToVigil(push({ messageType: 'deviceOnlineOfflineReport', eventType: 0 }))[0].message.online, false);
  });

  it('turns a data report into a status with battery, signal level and firmware', () => {
    const [status] = carrierPushToVigil(push({ messageType: 'dataReport', payload: { battery: 64, rsrp: -101, firmwareVersion: 'V2.1' } }));
    assert.deepEqual(status.message, { ts: 1_760_000_000_000, online: true, battery: 64, signal: 3, firmware: 'V2.1' });
    assert.ok(StatusMessageSchema.safeParse(status.message).success);
  });

  it('turns alarms into events, with the battery too when the push carries it, and drops unknown alarm codes', () => {
    const messages = carrierPushToVigil(push({ messageType: 'eventReport', payload: { alarmCode: 1, alarmStatus: 1, battery: 12 } }));
    assert.deepEqual(messages.map((entry) => entry.channel), ['status', 'event']);
    assert.deepEqual(messages[1].message, { ts: 1_760_000_000_000, type: 'sos', status: 1 });
    assert.ok(EventMessageSchema.safeParse(messages[1].message).success);
    const door = carrierPushToVigil(push({ messageType: 'eventReport', payload: { alarmCode: 5, alarmStatus: 0 } }));
    assert.deepEqual(door, [{ deviceId: IMEI, channel: 'event', message: { ts: 1_760_000_000_000, type: 'door', status: 0 } }]);
    assert.deepEqual(carrierPushToVigil(push({ messageType: 'eventReport', payload: { alarmCode: 99, alarmStatus: 1 } })), []);
  });

  it('grades NB-IoT coverage', () => {
    assert.deepEqual([-80, -90, -100, -110, -120, -130].map(signalLevel), [5, 4, 3, 2, 1, 0]);
  });

  it('writes a message for the device log as the same bytes each time, and reads it back for the Vigil device', () => {
    const report = { messageType: 'eventReport', payload: { alarmCode: 1, alarmStatus: 1, battery: 15 } };
    const messages = carrierPushToVigil(push(report));
    // The same push sent again is the same bytes: the log keeps it once.
    assert.deepEqual(carrierPushToVigil(push(report)).map(toLogPayload), messages.map(toLogPayload));
    const read = messages.map((message) => fromLogPayload('NB-SOS-1', message.channel, toLogPayload(message)));
    assert.deepEqual(read, messages.map((message) => ({ ...message, deviceId: 'NB-SOS-1' })));
    assert.equal(fromLogPayload('NB-SOS-1', 'event', Buffer.from('{"type":')), null);
    assert.equal(fromLogPayload('NB-SOS-1', 'event', Buffer.from('{"ts":1,"type":"levitation","status":1}')), null);
    assert.equal(fromLogPayload('NB-SOS-1', 'telemetry', toLogPayload(messages[0])), null);
  });
});
