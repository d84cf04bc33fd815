import { z } from 'zod';
import { emptyToUndefined, idSchema, queryBoolean } from './common.ts';

/** The eight alert types, each with its priority (priorityOf below). */
export const alertTypes = [
  'ticket_issues',
  'sla_warning',
  'red_flags',
  'escalation_required',
  'negative_sentiment',
  'low_csat_prediction',
  'high_complexity',
  'ticket_notifiable',
] as const;
export type AlertType = (typeof alertTypes)[number];

export const priorities = ['high', 'medium', 'low'] as const;
export type Priority = (typeof priorities)[number];

export const priorityOf: Record<AlertType, Priority> = {
  ticket_issues: 'high',
  sla_warning: 'medium',
  red_flags: 'high',
  escalation_required: 'high',
  negative_sentiment: 'medium',
  low_csat_prediction: 'medium',
  high_complexity: 'low',
  ticket_notifiable: 'low',
};

export const alertTypeSchema = z.enum(alertTypes, { message: 'Tipo de alerta desconhecido.' });
export const prioritySchema = z.enum(priorities, { message: 'Use high, medium ou low.' });

/** One notification as the lists, the stream and the bell show it. */
export const notificationSchema = z.object({
  notification_id: z.uuid(),
  title: z.string(),
  message: z.string(),
  priority: prioritySchema,
  alert_type: alertTypeSchema,
  read: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
  details: z.object({ ticket_id: z.uuid().nullable(), message_id: z.uuid().nullable().optional() }),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  total: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

const limit = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'Use um número inteiro entre 1 e 200.' })
      .int('Use um número inteiro entre 1 e 200.')
      .min(1, 'Use um número inteiro entre 1 e 200.')
      .max(200, 'Use um número inteiro entre 1 e 200.')
      .default(fallback),
  );

export const unreadQuerySchema = z.object({ limit: limit(50) });
export const allQuerySchema = z.object({
  limit: limit(50),
  include_read: z.preprocess(emptyToUndefined, queryBoolean.optional()).transform((v) => v ?? true),
});

export const notificationStatsSchema = z.object({
  unread_count: z.number().int(),
  total: z.number().int(),
  by_priority: z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() }),
  by_type: z.record(alertTypeSchema, z.number().int()),
});
export type NotificationStats = z.infer<typeof notificationStatsSchema>;

export const notificationIdBodySchema = z.object({ notification_id: idSchema });
/** mark-read, mark-all-read, clear, clear-all: `count` is how many notifications changed. */
/** mark-all-read, clear-all: no body (an empty object is accepted too). */
export const emptyBodySchema = z.object({}).nullish();
export const bulkResultSchema = z.object({ success: z.boolean(), count: z.number().int() });
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const notificationPreferencesSchema = z.object({
  muted_alert_types: z.array(alertTypeSchema).max(alertTypes.length),
  min_priority: prioritySchema,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT /notifications/preferences: only the changed fields (an absent one keeps its value). */
export const updateNotificationPreferencesSchema = notificationPreferencesSchema.partial();
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;

// ── Web Push (issue 34) ─────────────────────────────────────────────────────────────────────────

/** The longest push endpoint accepted (browsers' are a few hundred characters). */
export const pushEndpointMaxLength = 2048;
/** Devices one user may have subscribed at once; a new one beyond replaces the oldest. */
export const pushSubscriptionsPerUser = 10;

const base64url = (name: string, bytes: number) =>
  z
    .string({ message: `Informe ${name}.` })
    .trim()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} deve estar em base64url.`)
    .refine(
      (v) => Math.floor((v.replace(/=+$/, '').length * 3) / 4) === bytes,
      `${name} deve ter ${bytes} bytes.`,
    );

/** The push service's address: an https: URL (http: only where the server allows private hosts). */
export const pushEndpointSchema = z
  .string({ message: 'Informe o endereço do serviço de push.' })
  .trim()
  .min(1, 'Informe o endereço do serviço de push.')
  .max(
    pushEndpointMaxLength,
    `O endereço do serviço de push tem no máximo ${pushEndpointMaxLength} caracteres.`,
  )
  .refine((v) => {
    try {
      const url = new URL(v);
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
      );
    } catch {
      return false;
    }
  }, 'O endereço do serviço de push deve ser uma URL https.');

/** POST /notifications/push-subscriptions: the browser's PushSubscription.toJSON(). */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  /** Absent or null from the browser (expirationTime): ignored. */
  expirationTime: z.number().nullish(),
  keys: z.object(
    {
      /** The browser's P-256 public key, uncompressed (65 bytes). */
      p256dh: base64url('p256dh', 65),
      /** The authentication secret (16 bytes). */
      auth: base64url('auth', 16),
    },
    { message: 'Informe as chaves da inscrição (keys.p256dh e keys.auth).' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /notifications/push-subscriptions: the device's endpoint. */
export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });
export type PushUnsubscribe = z.infer<typeof pushUnsubscribeSchema>;

export const pushSubscriptionResultSchema = z.object({
  success: z.literal(true),
  /** The caller's subscribed devices after the change. */
  devices: z.number().int(),
});
export type PushSubscriptionResult = z.infer<typeof pushSubscriptionResultSchema>;

/** GET /notifications/push-public-key: the server's VAPID public key (applicationServerKey). */
export const pushPublicKeySchema = z.object({ public_key: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** What a push carries (encrypted, aes128gcm): the service worker shows it. */
export const pushPayloadSchema = z.object({
  notification_id: z.uuid(),
  title: z.string(),
  message: z.string(),
  priority: prioritySchema,
  ticket_id: z.uuid().nullable(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
