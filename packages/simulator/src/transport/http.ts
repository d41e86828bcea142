import { CommandMessageSchema, type CommandMessage } from '@vigil/contracts';
import type { DeviceLink, LinkHandlers, Transport } from './transport.ts';

/** Pulls the commands out of a poll answer: a Vigil envelope or a bare command or list. */
/** Commands in Vigil's answer: `{data: {commands: [...]}}` (docs/device-protocol.md), also a bare list or command. */
function commandsIn(body: unknown): CommandMessage[] {
  const data = typeof body === 'object' && body !== null && 'data' in body ? body.data : body;
  const commands = typeof data === 'object' && data !== null && 'commands' in data ? data.commands : data;
  const list = Array.isArray(commands) ? commands : commands ? [commands] : [];
  return list.flatMap((item) => {
    const parsed = CommandMessageSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Devices over HTTP: `POST {base}/api/device/v1/{deviceId}/{channel}` with the device key
 * as bearer token; commands by polling `GET {base}/api/device/v1/{deviceId}/cmd` every
 * `pollMs` (no last will over HTTP: Vigil notices silence).
 */
export function httpTransport(baseUrl: string, options: { pollMs?: number } = {}): Transport {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    name: 'http',
    open(device, handlers: LinkHandlers): DeviceLink {
      const url = (channel: string) => `${base}/api/device/v1/${encodeURIComponent(device.deviceId)}/${channel}`;
      const headers = { authorization: `Bearer ${device.key}`, 'content-type': 'application/json' };
      let open = true;
      let reported = false;
      const report = (message: string) => {
        if (!reported) handlers.problem(`${device.deviceId}: ${message}`);
        reported = true;
      };
      const poll = setInterval(() => {
        fetch(url('cmd'), { headers: { authorization: headers.authorization } })
          .then(async (response) => {
            if (!response.ok) return;
            for (const command of commandsIn(await response.json())) if (open) handlers.command(command);
          })
          .catch(() => report(`cannot reach ${base}`));
      }, options.pollMs ?? 5000);
      poll.unref();
      queueMicrotask(() => handlers.connected());
      return {
        async publish(channel, message) {
          if (!open) return;
          try {
            const response = await fetch(url(channel), { method: 'POST', headers, body: JSON.stringify(message) });
            const body: unknown = await response.json().catch(() => null);
            const status = typeof body === 'object' && body !== null && 'status' in body ? body.status : response.status;
            if (status !== 200) report(`${channel} refused (${String(status)})`);
            else reported = false;
            // Vigil hands waiting commands out in the answer to any uplink, not only to the poll.
            for (const command of commandsIn(body)) if (open) handlers.command(command);
          } catch {
            report(`cannot reach ${base}`);
          }
        },
        async clearRetained() {},
        async close(mode) {
          if (mode === 'announce') await this.publish('status', { online: false });
          open = false;
          clearInterval(poll);
        },
      };
    },
  };
}
