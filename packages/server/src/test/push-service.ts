import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { arrivals } from './arrivals.ts';

/**
 * A Web Push service on loopback for tests (RFC 8030 receiving side): it checks each request's
 * VAPID authorization (RFC 8292: an ES256 JWT for this origin, signed by the key in `k`) and
 * decrypts the payload (RFC 8291, aes128gcm) with the subscription's own private key, as a
 * browser's push service and the browser would. Requests failing either are answered 400/401
 * and recorded as rejected.
 */
export interface ReceivedPush {
  subscription: string;
  receivedAt: number;
  headers: { ttl: string | undefined; urgency: string | undefined; topic: string | undefined; encoding: string | undefined };
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
  /** The decrypted payload, parsed as JSON. */
  message: Record<string, unknown>;
}

export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface TestPushService {
  origin: string;
  received: ReceivedPush[];
  rejected: { subscription: string; reason: string }[];
  subscribe(): TestSubscription;
  /** Answers this status to pushes for the subscription from now on (e.g. 410 Gone). */
  answer(subscriptionId: string, status: number): void;
  /** Holds every push for the subscription without answering (a hanging push service). */
  hang(subscriptionId: string): void;
  /** Answers pushes for the subscription again (those held so far stay unanswered). */
  resume(subscriptionId: string): void;
  /** Pushes held unanswered so far (all subscriptions). */
  readonly held: number;
  waitFor(match: (push: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');

function verifyVapid(authorization: string | undefined, origin: string, now: number): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, jwt, key] = match;
  const [headerPart, payloadPart, signaturePart] = jwt.split('.');
  const header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8')) as { alg?: string; typ?: string };
  if (header.alg !== 'ES256') throw new Error(`JWT alg ${header.alg}`);
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) }, format: 'jwk' });
  const valid = crypto.verify('sha256', Buffer.from(`${headerPart}.${payloadPart}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signaturePart, 'base64url'));
  if (!valid) throw new Error('JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8')) as { aud?: string; sub?: string; exp?: number };
  if (claims.aud !== origin) throw new Error(`JWT aud ${claims.aud}, expected ${origin}`);
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now || claims.exp * 1000 > now + 24 * 3600_000) throw new Error(`JWT exp ${claims.exp} not within 24 h`);
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error(`JWT sub ${claims.sub}`);
  return { aud: claims.aud, sub: claims.sub!, exp: claims.exp, publicKey: key };
}

/** RFC 8291 with RFC 8188's aes128gcm record: one record, as Web Push sends. */
function decrypt(body: Buffer, receiver: crypto.ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65 || ciphertext.length > recordSize) throw new Error('not a single aes128gcm record with the sender key as key id');
  const shared = receiver.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderKey]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('last record must end with the 0x02 delimiter');
  return padded.subarray(0, end);
}

export async function startTestPushService(): Promise<TestPushService> {
  const subscriptions = new Map<string, { ecdh: crypto.ECDH; auth: Buffer; status: number; hang: boolean }>();
  const pushes = arrivals<ReceivedPush>();
  const rejected: { subscription: string; reason: string }[] = [];
  const hanging = new Set<http.ServerResponse>();
  let origin = '';
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([a-f0-9]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const subscription = subscriptions.get(id);
      if (request.method !== 'POST' || !subscription) {
        response.writeHead(404).end();
        return;
      }
      if (subscription.hang) {
        hanging.add(response);
        return;
      }
      try {
        const vapid = verifyVapid(request.headers.authorization, origin, Date.now());
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${request.headers['content-encoding']}`);
        const plain = decrypt(Buffer.concat(chunks), subscription.ecdh, subscription.auth);
        pushes.add({
          subscription: id,
          receivedAt: Date.now(),
          headers: { ttl: request.headers.ttl as string | undefined, urgency: request.headers.urgency as string | undefined, topic: request.headers.topic as string | undefined, encoding: request.headers['content-encoding'] },
          vapid,
          message: JSON.parse(plain.toString('utf8')) as Record<string, unknown>,
        });
        response.writeHead(subscription.status).end();
      } catch (error) {
        rejected.push({ subscription: id, reason: String(error) });
        response.writeHead(/JWT|VAPID|k is/.test(String(error)) ? 401 : 400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received: pushes.received,
    rejected,
    subscribe() {
      const id = crypto.randomBytes(8).toString('hex');
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      subscriptions.set(id, { ecdh, auth, status: 201, hang: false });
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) } };
    },
    answer(subscriptionId, status) {
      subscriptions.get(subscriptionId)!.status = status;
    },
    hang(subscriptionId) {
      subscriptions.get(subscriptionId)!.hang = true;
    },
    resume(subscriptionId) {
      subscriptions.get(subscriptionId)!.hang = false;
    },
    get held() {
      return hanging.size;
    },
    waitFor(match, timeoutMs = 5000) {
      return pushes.waitFor(match, timeoutMs, () => `no matching push within ${timeoutMs} ms (received ${pushes.received.length}, rejected ${JSON.stringify(rejected)})`);
    },
    async close() {
      for (const response of hanging) response.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
