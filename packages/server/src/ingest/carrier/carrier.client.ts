import { CARRIER_PAGE_SIZE, CarrierDeviceAnswerSchema, CarrierDevicePageSchema, type CarrierDevice } from '@vigil/contracts';
import type { CarrierConfig } from '../../config.ts';
import { errors } from '../../http/errors.ts';

/** The carrier platform's device API, as Vigil uses it. */
export interface CarrierClient {
  /** Every device the carrier lists for this account. */
  listDevices(): Promise<CarrierDevice[]>;
  /** One device by IMEI; null when the carrier does not know it. */
  device(imei: string): Promise<CarrierDevice | null>;
}

const TIMEOUT_MS = 10_000;
/** Enough for 100 000 devices; a platform that pages on forever is cut off. */
const MAX_PAGES = 1000;

/** Talks to `CARRIER_URL` with `Authorization: Bearer CARRIER_TOKEN` (docs/carrier-adapter.md). */
export function carrierClient(config: CarrierConfig): CarrierClient {
  async function get(path: string): Promise<unknown> {
    if (!config.url) throw errors.conflict('carrier.notConfigured');
    try {
      const response = await fetch(`${config.url}${path}`, {
        headers: { accept: 'application/json', ...(config.token ? { authorization: `Bearer ${config.token}` } : {}) },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return await response.json();
    } catch {
      throw errors.conflict('carrier.unreachable');
    }
  }

  return {
    async listDevices() {
      const devices: CarrierDevice[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const parsed = CarrierDevicePageSchema.safeParse(await get(`/devices?pageNow=${page}&pageSize=${CARRIER_PAGE_SIZE}`));
        if (!parsed.success || parsed.data.code !== 0 || !parsed.data.result) throw errors.conflict('carrier.unreachable');
        devices.push(...parsed.data.result.list);
        if (parsed.data.result.list.length === 0 || devices.length >= parsed.data.result.total) break;
      }
      return devices;
    },
    async device(imei) {
      const body = await get(`/devices/${encodeURIComponent(imei)}`);
      if (body === null) return null;
      const parsed = CarrierDeviceAnswerSchema.safeParse(body);
      if (!parsed.success) throw errors.conflict('carrier.unreachable');
      return parsed.data.code === 0 ? (parsed.data.result ?? null) : null;
    },
  };
}
