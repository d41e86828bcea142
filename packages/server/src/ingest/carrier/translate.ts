import { CARRIER_ALARM_CODES, EventMessageSchema, StatusMessageSchema, type CarrierPush, type DeviceChannel, type EventMessage, type StatusMessage } from '@vigil/contracts';

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

/** The message as the device log stores it (NATS_URL): its JSON, the same bytes for the same push, so a push sent again is one log message. */
export function toLogPayload(message: VigilDeviceMessage): Buffer {
  return Buffer.from(JSON.stringify(message.message));
}

/** A message read back from the device log for the Vigil device `deviceId`; null when it is not one toLogPayload writes. */
export function fromLogPayload(deviceId: string, channel: DeviceChannel, payload: Uint8Array): VigilDeviceMessage | null {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(payload).toString('utf8'));
  } catch {
    return null;
  }
  if (channel === 'status') {
    const status = StatusMessageSchema.safeParse(body);
    return status.success ? { deviceId, channel, message: status.data } : null;
  }
  if (channel === 'event') {
    const event = EventMessageSchema.safeParse(body);
    return event.success ? { deviceId, channel, message: event.data } : null;
  }
  return null;
}
