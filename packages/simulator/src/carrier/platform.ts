import http from 'node:http';
import { CARRIER_ALARM_CODES, CARRIER_PAGE_SIZE, type CarrierDevice, type CarrierPush, type DeviceEventType } from '@vigil/contracts';

/** A device registered with the simulated carrier. */
export interface SimulatedCarrierDeviceInput {
  imei: string;
  /** Catalogue model, e.g. SOS-N03. */
  model: string;
  online?: boolean;
  firmwareVersion?: string;
}

export interface SimulatedCarrierOptions {
  /** Token Vigil must send (`Authorization: Bearer …`); none = open. */
  token?: string;
  /** Vigil's push endpoint (`http://host:port/api/carrier/push`) and the shared secret it wants. */
  pushUrl?: string;
  pushSecret?: string;
  devices?: readonly SimulatedCarrierDeviceInput[];
  /** Clock of the platform, epoch ms. Default Date.now. */
  now?: () => number;
}

export interface SimulatedCarrier {
  /** Base URL to give Vigil as CARRIER_URL. */
  readonly url: string;
  /** The devices as the platform lists them. */
  devices(): CarrierDevice[];
  add(device: SimulatedCarrierDeviceInput): void;
  /** The device connects or drops off; pushes a deviceOnlineOfflineReport. */
  setOnline(imei: string, online: boolean): Promise<Response>;
  /** A sensor alarm (or its clearing); pushes an eventReport. */
  alarm(imei: string, type: DeviceEventType, status?: 0 | 1, extra?: { battery?: number }): Promise<Response>;
  /** A periodic data report (heartbeat with battery and coverage); pushes a dataReport. */
  report(imei: string, data: { battery?: number; rsrp?: number; firmwareVersion?: string }): Promise<Response>;
  /** Where pushes go (Vigil's push endpoint), when it was not known at start. */
  setPushUrl(url: string): void;
  /** Sends any push body (tests of malformed pushes). */
  push(body: unknown, secret?: string): Promise<Response>;
  stop(): Promise<void>;
}

const ALARM_CODE_OF = new Map<DeviceEventType, number>(Object.entries(CARRIER_ALARM_CODES).map(([code, type]) => [type, Number(code)]));

/**
 * A SIMULATED carrier IoT platform (named as such: it is no telecom's service), for tests
 * and demos of Vigil's NB-IoT adapter. It lists its devices the way the adapter pulls
 * them (`GET /devices`, `GET /devices/{imei}`) and pushes reports to Vigil the way a
 * carrier does (docs/carrier-adapter.md).
 */
export async function startSimulatedCarrier(options: SimulatedCarrierOptions = {}): Promise<SimulatedCarrier> {
  const now = options.now ?? Date.now;
  const registry = new Map<string, CarrierDevice>();
  let serial = 0;
  const add = (input: SimulatedCarrierDeviceInput) => {
    serial++;
    const online = input.online ?? true;
    registry.set(input.imei, {
      deviceId: `sim-carrier-${String(serial).padStart(6, '0')}`,
      deviceName: input.imei,
      imei: input.imei,
      productId: `sim-${input.model}`,
      model: input.model,
      netStatus: online ? 1 : 2,
      firmwareVersion: input.firmwareVersion ?? null,
      onlineAt: online ? now() : null,
      offlineAt: online ? null : now(),
    });
  };
  for (const device of options.devices ?? []) add(device);

  const json = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const server = http.createServer((request, response) => {
    if (options.token && request.headers.authorization !== `Bearer ${options.token}`) return json(response, 401, { code: 401, msg: 'unauthorized' });
    const url = new URL(request.url ?? '/', 'http://carrier.invalid');
    if (request.method !== 'GET') return json(response, 405, { code: 405, msg: 'method not allowed' });
    if (url.pathname === '/devices') {
      const pageNow = Math.max(1, Number(url.searchParams.get('pageNow') ?? 1) || 1);
      const pageSize = Math.min(CARRIER_PAGE_SIZE, Math.max(1, Number(url.searchParams.get('pageSize') ?? CARRIER_PAGE_SIZE) || CARRIER_PAGE_SIZE));
      const all = [...registry.values()];
      return json(response, 200, { code: 0, msg: 'ok', result: { total: all.length, pageNow, list: all.slice((pageNow - 1) * pageSize, pageNow * pageSize) } });
    }
    const one = /^\/devices\/(\d{15})$/.exec(url.pathname);
    if (one) {
      const device = registry.get(one[1]);
      return device ? json(response, 200, { code: 0, msg: 'ok', result: device }) : json(response, 404, { code: 404, msg: 'no such device' });
    }
    return json(response, 404, { code: 404, msg: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  let pushUrl = options.pushUrl;
  const push = async (body: unknown, secret = options.pushSecret) => {
    if (!pushUrl) throw new Error('the simulated carrier has no pushUrl');
    return fetch(pushUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...(secret ? { 'x-carrier-secret': secret } : {}) }, body: JSON.stringify(body) });
  };
  const known = (imei: string) => {
    const device = registry.get(imei);
    if (!device) throw new Error(`the simulated carrier does not hold ${imei}`);
    return device;
  };
  const envelope = (device: CarrierDevice, messageType: CarrierPush['messageType']) => ({ messageType, deviceId: device.deviceId, IMEI: device.imei, productId: device.productId, timestamp: now() });

  return {
    url: `http://127.0.0.1:${port}`,
    devices: () => [...registry.values()].map((device) => ({ ...device })),
    add,
    async setOnline(imei, online) {
      const device = known(imei);
      device.netStatus = online ? 1 : 2;
      if (online) device.onlineAt = now();
      else device.offlineAt = now();
      return push({ ...envelope(device, 'deviceOnlineOfflineReport'), eventType: online ? 1 : 0 });
    },
    async alarm(imei, type, status = 1, extra = {}) {
      const code = ALARM_CODE_OF.get(type);
      if (code === undefined) throw new Error(`NB-IoT sensors do not report ${type}`);
      return push({ ...envelope(known(imei), 'eventReport'), payload: { alarmCode: code, alarmStatus: status, ...extra } });
    },
    async report(imei, data) {
      const device = known(imei);
      device.onlineAt = now();
      if (data.firmwareVersion) device.firmwareVersion = data.firmwareVersion;
      return push({ ...envelope(device, 'dataReport'), payload: data });
    },
    setPushUrl: (url) => void (pushUrl = url),
    push,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
