import { CommandMessageSchema, DEVICE_UPLINK_CHANNELS, Status, type CommandMessage } from '@vigil/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CommandQueueRepository } from './command-queue.repository.ts';
import type { DeviceKeySeal } from './device-key-seal.ts';
import type { DeviceLog } from './device-log/device-log.ts';
import type { DeviceDirectory } from './device-directory.ts';
import type { DropReason } from './drop-log.ts';
import type { Ingest } from './ingest.ts';

/** Commands answered per HTTP request at most; the rest come with the next one. */
const COMMANDS_PER_ANSWER = 20;
/** Bodies are read up to this size so that an oversized one is counted, not just cut off. */
const READ_LIMIT_BYTES = 1024 * 1024;

const HTTP_STATUS: Record<DropReason, number> = {
  malformed: 400,
  unknownType: 400,
  clockAhead: 400,
  clockBehind: 400,
  unsupportedEvent: 400,
  unknownChannel: 404,
  oversized: 413,
  unknownDevice: 401,
  badKey: 401,
  badClientId: 401,
  forbiddenTopic: 403,
  foreignSub: 403,
  unknownSub: 403,
  flood: 429,
  overload: 503,
  storeFailed: 503,
};
function bearer(request: FastifyRequest): string {
  // The scheme is case-insensitive (RFC 9110 §11.1): "bearer", "BEARER" and "Bearer" all work.
  const match = /^bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1]?.trim() ?? '';
}

/** Seconds a refused device should wait before it tries again (Retry-After). */
const RETRY_AFTER_S: Partial<Record<DropReason, number>> = { flood: 1, overload: 5, storeFailed: 5 };

/**
 * The refusal: the HTTP status and the envelope's `status` are the same number, with `data.reason`.
 * An unknown device and a wrong key get one and the same answer (`badKey`), so IDs cannot be probed.
 */
function refuse(reply: FastifyReply, request: FastifyRequest, reason: DropReason) {
  const answered: DropReason = reason === 'unknownDevice' || reason === 'badClientId' ? 'badKey' : reason;
  const status = HTTP_STATUS[answered];
  const retry = RETRY_AFTER_S[answered];
  if (retry !== undefined) void reply.header('retry-after', String(retry));
  const key = answered === 'badKey' ? 'deviceApi.badKey' : 'deviceApi.refused';
  return reply.code(status).send({ status, data: { reason: answered }, msg: request.t(key, { reason: answered }) });
}

/**
 * The device protocol over HTTP (docs/device-protocol.md): `POST /api/device/v1/{deviceId}/{channel}`
 * with `Authorization: Bearer <device key>` and the same JSON as over MQTT. The answer carries the
 * commands waiting for the device; `GET /api/device/v1/{deviceId}/cmd` fetches them without sending.
 */
export async function deviceHttpRoutes(
  app: FastifyInstance,
  deps: { ingest: Ingest; directory: DeviceDirectory; commands: CommandQueueRepository; deviceKeys: DeviceKeySeal; now: () => number; deviceLog?: Pick<DeviceLog, 'append'> | null },
): Promise<void> {
  const { ingest, directory, commands, deviceLog } = deps;

  async function authenticated(request: FastifyRequest, reply: FastifyReply, deviceId: string, channel: string): Promise<boolean> {
    const entry = await directory.lookup(deviceId);
    if (!entry) {
      ingest.refuse(channel, 'unknownDevice', deviceId);
      await refuse(reply, request, 'unknownDevice');
      return false;
    }
    if (!(await directory.checkKey(entry, bearer(request)))) {
      ingest.refuse(channel, 'badKey', deviceId);
      await refuse(reply, request, 'badKey');
      return false;
    }
    return true;
  }

  async function pending(deviceId: string): Promise<CommandMessage[]> {
    const sealed = await commands.take(deviceId, deps.now(), COMMANDS_PER_ANSWER);
    const out: CommandMessage[] = [];
    for (const text of sealed.map((message) => deps.deviceKeys.open(message))) {
      if (text === null) continue;
      const parsed = CommandMessageSchema.safeParse(JSON.parse(text));
      if (parsed.success) out.push(parsed.data);
    }
    return out;
  }

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: READ_LIMIT_BYTES }, (_request, body, done) => done(null, body));
    // A body past the read limit is refused like any oversized message: with its reason, and counted.
    scope.setErrorHandler((error: { code?: string; statusCode?: number }, request, reply) => {
      const params = (request.params ?? {}) as { deviceId?: string; channel?: string };
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
        ingest.refuse(String(params.channel ?? 'unknown').slice(0, 16), 'oversized', String(params.deviceId ?? '').slice(0, 64) || null, 'body over the read limit');
        return refuse(reply, request, 'oversized');
      }
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        ingest.refuse(String(params.channel ?? 'unknown').slice(0, 16), 'malformed', String(params.deviceId ?? '').slice(0, 64) || null, error.code);
        return refuse(reply, request, 'malformed');
      }
      throw error;
    });

    scope.post<{ Params: { deviceId: string; channel: string } }>('/api/device/v1/:deviceId/:channel', async (request, reply) => {
      const { deviceId, channel } = request.params;
      const uplink = DEVICE_UPLINK_CHANNELS.find((name) => name === channel);
      if (!uplink) {
        ingest.refuse(channel.slice(0, 16), 'unknownChannel', deviceId.slice(0, 64));
        return refuse(reply, request, 'unknownChannel');
      }
      if (!(await authenticated(request, reply, deviceId, uplink))) return reply;
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (deviceLog) {
        // With the device log (NATS_URL) the message is handled by its partition's owner, in order with the
        // device's MQTT messages; the device hears 200 once the log holds it (a retry of the same body is one message).
        const checked = ingest.check(deviceId, uplink, body);
        if (!checked.ok) return refuse(reply, request, checked.reason);
        if (!(await deviceLog.append(deviceId, uplink, body, 'http'))) {
          ingest.refuse(uplink, 'storeFailed', deviceId, 'the device log did not take it');
          return refuse(reply, request, 'storeFailed');
        }
      } else {
        const outcome = await ingest.receive(deviceId, uplink, body, { transport: 'http' });
        if (!outcome.ok) return refuse(reply, request, outcome.reason);
      }
      return { status: Status.OK, data: { commands: await pending(deviceId) }, msg: request.t('common.ok') };
    });

    scope.get<{ Params: { deviceId: string } }>('/api/device/v1/:deviceId/cmd', async (request, reply) => {
      const { deviceId } = request.params;
      if (!(await authenticated(request, reply, deviceId, 'cmd'))) return reply;
      return { status: Status.OK, data: { commands: await pending(deviceId) }, msg: request.t('common.ok') };
    });
  });
}
