import { z } from 'zod';
import { AlertTypeSchema } from '../devices/alert-types.ts';
import { WEBHOOK_URL_MAX } from '../domain-limits.ts';
import { CARE_ROLES } from './care-common.ts';
import { defineOperation } from './define.ts';
import { pageOf } from './common.ts';
import { WEBHOOK_EVENTS } from './webhooks-values.ts';

export * from './webhooks-values.ts';

/**
 * Outbound webhooks of a care home (issue 28; docs/webhooks.md): HTTPS endpoints that get each
 * alarm, handling and relief of chosen alarm types and levels as signed JSON, retried for 24 h.
 * Managed by the care home's own accounts (not read-only sub-accounts: the list shows secrets).
 */
export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS, { error: 'webhook.events' });
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;
export { WEBHOOK_URL_MAX };
export const WEBHOOK_PER_PROVIDER_MAX = 10;
/** How long a delivery is retried before it is given up. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3600_000;

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEventSchema),
  /** Empty: every alert type. */
  alertTypes: z.array(AlertTypeSchema),
  levels: z.array(z.union([z.literal(1), z.literal(2)])),
  enabled: z.boolean(),
  /** HMAC-SHA256 key of the X-Vigil-Signature header. */
  secret: z.string(),
  createdAt: z.number().int(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  webhookId: z.number().int(),
  url: z.string(),
  event: WebhookEventSchema,
  alarmId: z.number().int(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.number().int(),
  nextAt: z.number().int().nullable(),
  deliveredAt: z.number().int().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

const CARE = CARE_ROLES;

export const webhookList = defineOperation({
  id: 'webhook.list', method: 'GET', path: '/webhook/list', tag: 'integrations', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Webhooks of the care home',
  input: z.object({}),
  output: z.array(webhookSchema),
});

export const webhookSave = defineOperation({
  id: 'webhook.save', method: 'POST', path: '/webhook/save', tag: 'integrations', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Adds (no id) or changes a webhook; a new one gets a fresh secret',
  input: z.object({
    id: z.number().int().positive().optional(),
    url: z.string({ error: 'webhook.url' }).trim().max(WEBHOOK_URL_MAX, { error: 'webhook.url' }),
    description: z.string().trim().max(100, { error: 'validation.tooLong' }).default(''),
    events: z.array(WebhookEventSchema).min(1, { error: 'webhook.events' }),
    alertTypes: z.array(AlertTypeSchema).default([]),
    levels: z.array(z.union([z.literal(1), z.literal(2)], { error: 'validation.alarmLevel' })).min(1, { error: 'validation.alarmLevel' }),
    enabled: z.boolean().default(true),
  }),
  output: webhookSchema,
});

export const webhookDelete = defineOperation({
  id: 'webhook.delete', method: 'POST', path: '/webhook/delete', tag: 'integrations', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Deletes a webhook and its delivery log',
  input: z.object({ id: z.number().int().positive() }),
  output: z.null(),
});

export const webhookDeliveries = defineOperation({
  id: 'webhook.deliveries', method: 'GET', path: '/webhook/deliveries', tag: 'integrations', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Delivery log of the care home\'s webhooks, newest first',
  input: z.object({
    webhookId: z.coerce.number().int().positive().optional(),
    pageNum: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
  output: pageOf(webhookDeliverySchema),
});

export const webhookResend = defineOperation({
  id: 'webhook.resend', method: 'POST', path: '/webhook/resend', tag: 'integrations', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Sends a delivery again (now, and retried for another 24 h)',
  input: z.object({ id: z.string().uuid({ error: 'common.notFound' }) }),
  output: webhookDeliverySchema,
});

/** The JSON body POSTed to a webhook (docs/webhooks.md has it as JSON Schema). */
export const webhookPayloadSchema = z.object({
  /** The delivery id (also the X-Vigil-Delivery header); the same on every retry and "send again". */
  id: z.string(),
  event: WebhookEventSchema,
  /** When the event happened (epoch ms). */
  occurredAt: z.number().int(),
  careHome: z.object({ id: z.number().int(), name: z.string() }),
  alarm: z.object({
    id: z.number().int(),
    alertType: AlertTypeSchema,
    /** 1 red, 2 orange. */
    level: z.union([z.literal(1), z.literal(2)]),
    /** Short and long text in English (the console's alarm texts). */
    title: z.string(),
    text: z.string(),
    raisedAt: z.number().int(),
    deviceId: z.string(),
    deviceType: z.number().int(),
    resident: z.object({ id: z.number().int().nullable(), name: z.string() }),
    place: z.object({ building: z.string(), room: z.string(), bed: z.string(), address: z.string() }),
    state: z.enum(['pending', 'handled', 'relieved']),
    handledBy: z.string().nullable(),
    handledAt: z.number().int().nullable(),
    releaseChoice: z.string().nullable(),
    relievedAt: z.number().int().nullable(),
  }),
  /** With alarm.escalated: the escalation chain's step reached (null when the alarm turned red). */
  escalation: z
    .object({
      /** 0-based step of the chain of the alarm's level. */
      step: z.number().int(),
      afterMinutes: z.number().int(),
      audience: z.string(),
      /** Names of the caregivers this step tells. */
      notified: z.array(z.string()),
    })
    .nullable()
    .optional(),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
