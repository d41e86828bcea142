import { CARRIER_ALARM_CODES, type CarrierPush, type EventMessage, type StatusMessage } from '@vigil/contracts';

/** A message of Vigil's device protocol, as if the device had sent it itself. */
export type VigilDeviceMessage =
  | { deviceId: string; channel: 'status'; message: StatusMessage }
  | { deviceId: string; channel: 'event'; message: EventMessage };

/** NB-IoT coverage (RSRP, dBm) as the protocol's signal level 0–5. */
export function signalLevel(rsrp: number): number {
  if (rsrp >= -85) return 5;
  if (rsrp >= -95) return 4;
  if (rsrp >= -105) return 3;
  if (rsrp >= -115) return 2;
  if (rsrp >= -125) return 1;
  return 0;
}

/**
 * Translates one carrier push into Vigil protocol messages (docs/carrier-adapter.md).
 * The device is named by its IMEI (NB-IoT devices are registered in Vigil under their
 * IMEI, or with it in the IMEI column). Pure: no I/O, same push, same messages.
 * Answers an empty list for a push that carries nothing Vigil understands (an unknown
 * alarm code), which the caller counts and drops.
 */
export function carrierPushToVigil(push: CarrierPush): VigilDeviceMessage[] {
  const deviceId = push.IMEI;
  const ts = push.timestamp;
  if (push.messageType === 'deviceOnlineOfflineReport') {
    return [{ deviceId, channel: 'status', message: { ts, online: push.eventType === 1 } }];
  }
  const payload = push.payload ?? {};
  const messages: VigilDeviceMessage[] = [];
  const status: StatusMessage = { ts, online: true };
  if (payload.battery !== undefined) status.battery = payload.battery;
  if (payload.rsrp !== undefined) status.signal = signalLevel(payload.rsrp);
  if (payload.firmwareVersion !== undefined) status.firmware = payload.firmwareVersion;
  // Any report proves the device is there; a data report is its heartbeat.
  if (push.messageType === 'dataReport' || Object.keys(status).length > 2) messages.push({ deviceId, channel: 'status', message: status });
  if (push.messageType === 'eventReport') {
    const type = payload.alarmCode === undefined ? undefined : CARRIER_ALARM_CODES[payload.alarmCode];
    if (!type) return [];
    messages.push({ deviceId, channel: 'event', message: { ts, type, status: payload.alarmStatus ?? 1 } });
  }
  return messages;
}
