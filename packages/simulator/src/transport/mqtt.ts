import { CommandMessageSchema, deviceTopic } from '@vigil/contracts';
import mqtt from 'mqtt';
import type { DeviceLink, LinkHandlers, Transport } from './transport.ts';

/** The last will every simulated device leaves on its status topic (retained). */
export const LAST_WILL = JSON.stringify({ online: false });

/**
 * Devices over MQTT, as real ones connect: username = device ID, password = device
 * key, a retained last will `{"online":false}` on the status topic, commands on `cmd`.
 */
export function mqttTransport(brokerUrl: string, options: { reconnectMs?: number } = {}): Transport {
  return {
    name: 'mqtt',
    open(device, handlers: LinkHandlers): DeviceLink {
      const statusTopic = deviceTopic(device.deviceId, 'status');
      const commandTopic = deviceTopic(device.deviceId, 'cmd');
      const client = mqtt.connect(brokerUrl, {
        // The client ID is the device ID (the embedded broker refuses any other).
        clientId: device.deviceId,
        username: device.deviceId,
        password: device.key,
        clean: true,
        keepalive: 30,
        reconnectPeriod: options.reconnectMs ?? 3000,
        connectTimeout: 10_000,
        will: { topic: statusTopic, payload: Buffer.from(LAST_WILL), qos: 1, retain: true },
      });
      let reported = false;
      client.on('connect', () => {
        reported = false;
        client.subscribe(commandTopic, { qos: 1 }, (error) => {
          if (error) handlers.problem(`${device.deviceId}: cannot subscribe to ${commandTopic}: ${error.message}`);
        });
        handlers.connected();
      });
      client.on('error', (error) => {
        // Refused credentials repeat on every retry: say it once per outage.
        if (!reported) handlers.problem(`${device.deviceId}: ${error.message}`);
        reported = true;
      });
      client.on('message', (topic, payload) => {
        if (topic !== commandTopic) return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(payload.toString('utf8'));
        } catch {
          handlers.problem(`${device.deviceId}: a command that is not JSON was ignored`);
          return;
        }
        const command = CommandMessageSchema.safeParse(parsed);
        if (command.success) handlers.command(command.data);
        else handlers.problem(`${device.deviceId}: an invalid command was ignored`);
      });
      return {
        async publish(channel, message, publishOptions = {}) {
          if (!client.connected) return;
          await client.publishAsync(deviceTopic(device.deviceId, channel), JSON.stringify(message), { qos: 1, retain: publishOptions.retain ?? false });
        },
        async clearRetained() {
          if (client.connected) await client.publishAsync(statusTopic, '', { qos: 1, retain: true });
        },
        async close(mode) {
          // A device switched off on purpose says so before it leaves (a clean disconnect drops the last will).
          if (mode === 'announce' && client.connected) await client.publishAsync(statusTopic, LAST_WILL, { qos: 1, retain: true });
          await client.endAsync(mode === 'crash');
        },
      };
    },
  };
}
