import { CommandMessageSchema, DEVICE_UPLINK_CHANNELS, Status, type CommandMessage } from '@vigil/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CommandQueueRepository } from './command-queue.repository.ts';
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
  unknownChannel: 404,
  oversized: 413,
  unknownDevice: 401,
  badKey: 401,
  forbiddenTopic: 403,
  foreignSub: 403,
  flood: 429,
  overload: 503,
  storeFailed: 503,
};
const BODY_STATUS: Partial<Record<DropReason, number>> = {
  unknownDevice: Status.NO_PERMISSION,
  badKey: Status.NO_PERMISSION,
  forbiddenTopic: Status.NO_PERMISSION,
  foreignSub: Status.NO_PERMISSION,
  unknownChannel: Status.NOT_FOUND,
  oversized: Status.TOO_LARGE,
  overload: Status.SERVER_ERROR,
  storeFailed: Status.SERVER_ERROR,
};

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

function refuse(reply: FastifyReply, request: FastifyRequest, reason: DropReason) {
  const key = reason === 'badKey' || reason === 'unknownDevice' ? 'deviceApi.badKey' : 'deviceApi.refused';
  return reply.code(HTTP_STATUS[reason]).send({ status: BODY_STATUS[reason] ?? Status.BAD_REQUEST, data: { reason }, msg: request.t(key, { reason }) });
}

/**
 * The device protocol over HTTP (docs/device-protocol.md): `POST /api/device/v1/{deviceId}/{channel}`
 * with `Authorization: Bearer <device key>` and the same JSON as over MQTT. The answer carries the
 * commands waiting for the device; `GET /api/device/v1/{deviceId}/cmd` fetches them without sending.
 */
export async function deviceHttpRoutes(app: FastifyInstance, deps: { ingest: Ingest; directory: DeviceDirectory; commands: CommandQueueRepository; now: () => number }): Promise<void> {
  const { ingest, directory, commands } = deps;

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
    const texts = await commands.take(deviceId, deps.now(), COMMANDS_PER_ANSWER);
    const out: CommandMessage[] = [];
    for (const text of texts) {
      const parsed = CommandMessageSchema.safeParse(JSON.parse(text));
      if (parsed.success) out.push(parsed.data);
    }
    return out;
  }

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: READ_LIMIT_BYTES }, (_request, body, done) => done(null, body));

    scope.post<{ Params: { deviceId: string; channel: string } }>('/api/device/v1/:deviceId/:channel', async (request, reply) => {
      const { deviceId, channel } = request.params;
      const uplink = DEVICE_UPLINK_CHANNELS.find((name) => name === channel);
      if (!uplink) {
        ingest.refuse(channel.slice(0, 16), 'unknownChannel', deviceId.slice(0, 64));
        return refuse(reply, request, 'unknownChannel');
      }
      if (!(await authenticated(request, reply, deviceId, uplink))) return reply;
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await ingest.receive(deviceId, uplink, body, { transport: 'http' });
      if (!outcome.ok) return refuse(reply, request, outcome.reason);
      return { status: Status.OK, data: { commands: await pending(deviceId) }, msg: request.t('common.ok') };
    });

    scope.get<{ Params: { deviceId: string } }>('/api/device/v1/:deviceId/cmd', async (request, reply) => {
      const { deviceId } = request.params;
      if (!(await authenticated(request, reply, deviceId, 'cmd'))) return reply;
      return { status: Status.OK, data: { commands: await pending(deviceId) }, msg: request.t('common.ok') };
    });
  });
}
