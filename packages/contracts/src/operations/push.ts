import { z } from 'zod';
import { defineOperation } from './define.ts';

/**
 * Web Push to the caregiver app (issue 28; docs/app.md "Push"). The app reads the deployment's
 * VAPID public key, subscribes through the browser's push service, and hands the subscription
 * to the server, which keeps it for the signed-in caregiver and this phone until she signs
 * out, the account stops being a caregiver, or the push service says it is gone (404/410).
 */
const base64url = (min: number, max: number) => z.string({ error: 'push.keys' }).regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: 'push.keys' }).min(min, { error: 'push.keys' }).max(max, { error: 'push.keys' });

export const PUSH_DEVICE_MAX = 200;
export const PUSH_ENDPOINT_MAX = 1000;

export const pushSubscriptionSchema = z.object({
  endpoint: z.string({ error: 'push.endpoint' }).trim().url({ error: 'push.endpoint' }).max(PUSH_ENDPOINT_MAX, { error: 'push.endpoint' }),
  keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 30) }, { error: 'push.keys' }),
  expirationTime: z.number().nullable().optional(),
  /** What the phone calls itself (its user agent, cut), for the caregiver's list of devices. */
  device: z.string().trim().max(PUSH_DEVICE_MAX, { error: 'validation.tooLong' }).optional(),
});

export const pushPublicKey = defineOperation({
  id: 'appPush.key', method: 'GET', path: '/appPush/key', tag: 'mobileApp', encoding: 'query', auth: 'session', roles: ['NURSING', 'RELATIVES'],
  summary: 'Caregiver app (caregivers and relatives): the VAPID public key (base64url) to subscribe to push with',
  input: z.object({}),
  output: z.object({ publicKey: z.string() }),
});

export const pushSubscribe = defineOperation({
  id: 'appPush.subscribe', method: 'POST', path: '/appPush/subscribe', tag: 'mobileApp', encoding: 'json', auth: 'session', roles: ['NURSING', 'RELATIVES'],
  summary: 'Caregiver app: keep this phone\'s push subscription for the signed-in caregiver or relative (replaces any other account\'s on the same endpoint)',
  input: pushSubscriptionSchema,
  output: z.object({ id: z.number().int() }),
});

export const pushUnsubscribe = defineOperation({
  id: 'appPush.unsubscribe', method: 'POST', path: '/appPush/unsubscribe', tag: 'mobileApp', encoding: 'json', auth: 'session', roles: ['NURSING', 'RELATIVES'],
  summary: 'Caregiver app: stop pushing to this phone (on sign-out or when notifications are turned off)',
  input: z.object({ endpoint: z.string({ error: 'push.endpoint' }).trim().max(PUSH_ENDPOINT_MAX, { error: 'push.endpoint' }) }),
  output: z.object({ removed: z.boolean() }),
});

/**
 * What the server pushes (encrypted, RFC 8291) and the app's service worker shows. `tag` is the
 * notification's tag and the push Topic, so a later message about the same alarm replaces the
 * earlier one on the phone and, while undelivered, at the push service.
 */
export const pushMessageSchema = z.object({
  v: z.literal(1),
  kind: z.enum(['alarm', 'escalated', 'handled', 'relieved']),
  alarmId: z.number().int(),
  /** 1 red, 2 orange. */
  level: z.union([z.literal(1), z.literal(2)]),
  title: z.string(),
  body: z.string(),
  tag: z.string(),
  /** Opens the alarm in the app, ready to handle. */
  url: z.string(),
  /** Raised at (epoch ms). */
  raisedAt: z.number().int(),
  /** Whether the caregiver must act (shows the handle button; red ones stay until tapped). */
  actionable: z.boolean(),
  /** Who handled it (kind 'handled'). */
  handler: z.string().nullable(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
