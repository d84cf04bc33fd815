import { z } from 'zod';
import { emptyToUndefined, pageMeta, pageQuerySchema, pageWithinReach, timestamp } from './common.ts';

/** The DigiSac tab's page sizes (10, 20, 50 or 100; default 10). */
export const digisacPageSizes = [10, 20, 50, 100] as const;

/** The pt-BR messages of the integration, shared by the API (errors) and the web app. */
export const digisacMessages = {
  notConfigured: 'Integração DigiSac não configurada',
  badToken: 'Token do DigiSac inválido ou expirado',
  timeout: 'O DigiSac não respondeu a tempo. Tente novamente em instantes.',
  unreachable: 'Não foi possível conectar ao DigiSac. Verifique o endereço (host) nas configurações.',
  upstreamError: 'O DigiSac respondeu com um erro. Tente novamente em instantes.',
  insecureStoredHost:
    'O endereço do DigiSac salvo usa http://. Atualize-o para https:// nas configurações para continuar.',
  /**
   * The one answer of the address check (a private or internal address, at saving or when the call
   * connects), and of 'Testar conexão' for a typed host it cannot reach, whatever the reason
   * (refused address, no such name, no answer): a typed name does not tell which.
   */
  privateHost:
    'Endereço não permitido ou inacessível: o host deve ser o endereço público do seu DigiSac (https://nome), não um endereço interno ou privado.',
  /** The stored host is not an origin (a path, a query, a port) — saved before the rule. */
  storedHostNotOrigin:
    'O endereço do DigiSac salvo não é mais aceito: use só https://nome, sem caminho, parâmetros ou porta. Atualize-o nas configurações.',
  /** DNS_MAX_CONCURRENT_LOOKUPS look-ups are running: a 429. */
  dnsBusy:
    'Muitas verificações de endereço em andamento no servidor (limite de consultas DNS simultâneas). Tente novamente em instantes.',
  /** 'Testar conexão' with a host other than the stored one and no token typed. */
  tokenForNewHost: 'Informe o token do DigiSac para testar este endereço.',
  /** The stored token was encrypted under another server key (SECRET_KEY changed). */
  tokenUnreadable:
    'O token do DigiSac salvo não pode mais ser lido (a chave do servidor mudou). Informe o token de novo nas configurações.',
} as const;

const perPage = z.coerce
  .number({ message: 'Use 10, 20, 50 ou 100.' })
  .refine(
    (v): v is (typeof digisacPageSizes)[number] => (digisacPageSizes as readonly number[]).includes(v),
    {
      message: 'Use 10, 20, 50 ou 100.',
    },
  );

/**
 * GET /api/v1/tenants/{tenantId}/digisac/tickets. The paging is DigiSac's (its own page sizes, its
 * own reach): exempt from the 10,000-row reach of our lists (pageWithinReach).
 */
export const digisacTicketsQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'Página inválida.' })
    .int('Página inválida.')
    .min(1, 'Página inválida.')
    .max(100_000, 'Página inválida.')
    .default(1),
  per_page: perPage.default(10),
});
export type DigisacTicketsQuery = z.infer<typeof digisacTicketsQuerySchema>;

/** One DigiSac ticket as the tab shows it (mapped from DigiSac's own fields, read-only). */
export const digisacTicketSchema = z.object({
  id: z.string(),
  /** DigiSac's protocol number (a string or a number there), as text. */
  protocol: z.string().nullable(),
  contact_name: z.string().nullable(),
  /** The contact's number (WhatsApp/phone), as DigiSac stores it. */
  contact_number: z.string().nullable(),
  is_open: z.boolean(),
  department: z.string().nullable(),
  /** The agent (DigiSac user) the ticket is with. */
  agent: z.string().nullable(),
  started_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** Seconds the contact waited (DigiSac's metrics.waitingTime). */
  waiting_time_seconds: z.number().nullable(),
});
export type DigisacTicket = z.infer<typeof digisacTicketSchema>;

export const digisacTicketListSchema = z.object({
  /** At most per_page (100 at most): whatever DigiSac sends, no more is mapped or answered. */
  tickets: z.array(digisacTicketSchema).max(digisacPageSizes[digisacPageSizes.length - 1] ?? 100),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  last_page: z.number().int(),
});
export type DigisacTicketList = z.infer<typeof digisacTicketListSchema>;

/**
 * POST /api/v1/tenants/settings/digisac/test: the values typed in the form, or (absent) the stored
 * ones. A token is only sent with the host it was stored for unless a host is given with it.
 */
export const digisacConnectionTestBodySchema = z
  .object({
    digisac_host: z.string().max(2048).optional(),
    digisac_token: z.string().max(500).optional(),
  })
  .nullish();
export type DigisacConnectionTestBody = z.infer<typeof digisacConnectionTestBodySchema>;

export const digisacConnectionTestSchema = z.object({
  ok: z.boolean(),
  /** Who the token belongs to (DigiSac's GET /api/v1/me), when ok. */
  user_name: z.string().nullable(),
  /** pt-BR: "Conectado como …" or what is wrong. */
  message: z.string(),
});
export type DigisacConnectionTest = z.infer<typeof digisacConnectionTestSchema>;

// ── Ingestion: the webhook, the status, the inbox's events ─────────────────────────────────────

/** The pt-BR messages of the ingestion's settings routes and of the webhook intake. */
export const digisacIngestionMessages = {
  /** PUBLIC_URL is not https:// (and DIGISAC_ALLOW_PRIVATE_HOSTS is off): DigiSac would post in clear text. */
  publicUrlNotHttps:
    'O endereço público do Atende (PUBLIC_URL) não usa https://: o DigiSac enviaria as conversas sem criptografia. Configure um endereço https:// no servidor para ativar o webhook.',
  /** The status's setup problem when the host or the token is missing: what to do. */
  notConfiguredForRealtime:
    'A integração DigiSac não está configurada: informe o endereço (host) e o token do DigiSac em Configurações › Conta e salve.',
  eventNotFound: 'Evento não encontrado.',
  eventNotFailed: 'Só um evento com falha pode ser reprocessado.',
  /** The intake's answer to a secret it does not know. */
  webhookNotFound: 'Webhook não encontrado.',
  /** The intake's 429: the tenant's events per second are above DIGISAC_INTAKE_EVENTS_PER_SECOND. */
  intakeRateLimited: (seconds: number) =>
    `Eventos do DigiSac demais em pouco tempo. Tente novamente em ${seconds} s.`,
} as const;

/** POST and DELETE /api/v1/tenants/settings/digisac/webhook. */
export const digisacWebhookStateSchema = z.object({ active: z.boolean() });
export type DigisacWebhookState = z.infer<typeof digisacWebhookStateSchema>;

export const digisacImportStates = ['idle', 'running', 'done', 'failed', 'cancelled'] as const;

/** A history import's state: GET /api/v1/tenants/settings/digisac/import, and the status's `import`. */
export const digisacImportStatusSchema = z.object({
  state: z.enum(digisacImportStates),
  started_at: timestamp.nullable(),
  finished_at: timestamp.nullable(),
  /** DigiSac tickets read so far, and their messages. */
  tickets: z.number().int(),
  messages: z.number().int(),
  progress: z.number().min(0).max(1),
  /** pt-BR: why it failed. */
  error: z.string().nullable(),
});
export type DigisacImportStatus = z.infer<typeof digisacImportStatusSchema>;

/** POST /api/v1/tenants/settings/digisac/import: the tickets updated in the last `days` days. */
export const digisacImportBodySchema = z.object({
  days: z.coerce
    .number({ message: 'Informe de 1 a 90 dias.' })
    .int('Informe de 1 a 90 dias.')
    .min(1, 'Informe de 1 a 90 dias.')
    .max(90, 'Informe de 1 a 90 dias.'),
});
export type DigisacImportBody = z.infer<typeof digisacImportBodySchema>;

/** Its 202: the import started (GET …/import follows it). */
export const digisacImportStartedSchema = z.object({ import_id: z.uuid() });

/** GET /api/v1/tenants/settings/digisac/status. */
export const digisacStatusSchema = z.object({
  webhook: z.object({
    active: z.boolean(),
    registered_at: timestamp.nullable(),
    /** When the newest event came in through the webhook (any age). */
    last_event_at: timestamp.nullable(),
  }),
  /** Events that entered the inbox in the last 24 hours (webhook, import, catch-up), by state. */
  events_24h: z.object({
    /** All of them, pending ones included. */
    received: z.number().int(),
    processed: z.number().int(),
    failed: z.number().int(),
    ignored: z.number().int(),
  }),
  /** The catch-up sync's last run. */
  last_sync_at: timestamp.nullable(),
  /**
   * pt-BR: what stands in the way of turning real time on, and what to do (DigiSac not configured,
   * the stored host no longer accepted, PUBLIC_URL not https://); null when nothing does.
   */
  setup_problem: z.string().nullable(),
  /** The newest history import, or null when none was ever started. */
  import: digisacImportStatusSchema.nullable(),
});
export type DigisacStatus = z.infer<typeof digisacStatusSchema>;

export const digisacEventStates = ['pending', 'processed', 'failed', 'ignored'] as const;
export type DigisacEventState = (typeof digisacEventStates)[number];

/** GET /api/v1/tenants/settings/digisac/events (failed ones by default). */
export const digisacEventsQuerySchema = pageQuerySchema
  .extend({
    state: z.preprocess(
      emptyToUndefined,
      z.enum(digisacEventStates, { message: 'Use pending, processed, failed ou ignored.' }).default('failed'),
    ),
  })
  .superRefine(pageWithinReach);
export type DigisacEventsQuery = z.infer<typeof digisacEventsQuerySchema>;

/** An inbox event as the settings screen lists it: never its payload. */
export const digisacEventSchema = z.object({
  id: z.string(),
  /** DigiSac's event name as received (e.g. message.created), or unknown. */
  event: z.string(),
  received_at: timestamp,
  attempts: z.number().int(),
  /** pt-BR: why its last try failed. */
  error: z.string().nullable(),
});
export type DigisacEvent = z.infer<typeof digisacEventSchema>;

export const digisacEventListSchema = z.object({
  events: z.array(digisacEventSchema),
  total: pageMeta.total,
  page: pageMeta.page,
  per_page: pageMeta.per_page,
});
export type DigisacEventList = z.infer<typeof digisacEventListSchema>;

/** The intake's answer (202): the event is committed to the inbox; `duplicate` when it was there already. */
export const digisacIntakeAnswerSchema = z.object({ accepted: z.literal(true), duplicate: z.boolean() });
