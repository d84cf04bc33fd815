import { z } from 'zod';
import { hasControlCharacters, requiredText, timestamp } from './common.ts';

/** SLA range of max_customer_wait_time_minutes: 1 minute to 24 hours. */
export const waitTimeMinutes = { min: 1, max: 1440 } as const;
/** SLA: the warning's share of the limit, in %; 0 turns the warning off (100 would be the breach itself). */
export const slaWarningPercent = { min: 0, max: 99, default: 80 } as const;
export const digisacTokenMaxLength = 500;
export const digisacHostMaxLength = 2048;

/** The pt-BR messages of the Settings form, shared by the API and the web app. */
export const tenantSettingsMessages = {
  nameRequired: 'Nome do tenant é obrigatório',
  hostScheme: 'URL deve começar com https://',
  hostInvalid: 'URL inválida',
  hostOriginOnly: 'Informe só o endereço (https://nome), sem caminho, parâmetros, usuário ou #fragmento.',
  hostPort: 'Use a porta padrão do https (443): outras portas não são permitidas.',
  hostTooLong: `Use no máximo ${digisacHostMaxLength} caracteres.`,
  tokenNotText: 'Token deve ser um texto.',
  tokenTooLong: `Use no máximo ${digisacTokenMaxLength} caracteres.`,
  tokenInvalidCharacters: 'Token contém caracteres inválidos.',
  waitTime: 'Tempo deve estar entre 1 e 1440 minutos (24 horas)',
  warningPercent: 'Use um número inteiro de 0 a 99 (0 desliga o aviso).',
} as const;
const m = tenantSettingsMessages;

export const tenantSettingsSchema = z.object({
  /** The organisation's name (also shown in the shell). */
  name: z.string().describe("The organisation's name"),
  digisac_host: z
    .string()
    .nullable()
    .describe('Base URL of the DigiSac integration, without trailing slash; null when not set'),
  /** The token itself is never answered: whether one is stored, and its last 4 characters. */
  digisac_token_set: z.boolean().describe('Whether a DigiSac token is stored (the token is never returned)'),
  digisac_token_last4: z
    .string()
    .nullable()
    .describe("The stored token's last 4 characters, to recognise it; null when none is stored"),
  max_customer_wait_time_minutes: z
    .number()
    .int()
    .describe('SLA: minutes a customer may wait before a ticket_issues alert (business minutes)'),
  sla_warning_percent: z
    .number()
    .int()
    .describe('SLA: a sla_warning alert when a wait reaches this share of the limit, in %; 0 = no warning'),
  learn_from_corrections: z
    .boolean()
    .describe(
      "Analyses: a new message close to the team's corrected examples (👎 with a correction) takes the corrected sentiment/intent",
    ),
  updated_at: timestamp,
});
export type TenantSettings = z.infer<typeof tenantSettingsSchema>;

/** Blank (or whitespace only) counts as null; other strings are trimmed. */
const blankToNull = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v);
const stripTrailingSlashes = (url: string) => url.replace(/\/+$/, '');

function isHttpUrl(text: string) {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * An origin only: `scheme://name[:port]` — no path, query, user-info or fragment (a `\` counts as
 * a path: the URL parser reads it as `/`). A DigiSac host is where /api/v1/… is appended.
 */
export function isBareOrigin(text: string) {
  try {
    const url = new URL(text);
    return (
      !/[?#@\\]/.test(text) &&
      url.pathname === '/' &&
      url.username === '' &&
      url.password === '' &&
      url.search === '' &&
      url.hash === ''
    );
  } catch {
    return false;
  }
}

const digisacHost = z.preprocess(
  blankToNull,
  z
    .string({ message: m.hostInvalid })
    .max(digisacHostMaxLength, m.hostTooLong)
    // https:// is the rule (the server refuses http:// unless DIGISAC_ALLOW_PRIVATE_HOSTS, for a
    // local fake); any other scheme is refused here already.
    .refine((v) => /^https?:\/\//i.test(v), { message: m.hostScheme, abort: true })
    // Stored as typed: whitespace or control characters inside are refused, not percent-encoded.
    .refine((v) => !/[\s\p{Cc}]/u.test(v) && isHttpUrl(stripTrailingSlashes(v)), {
      message: m.hostInvalid,
      abort: true,
    })
    .refine((v) => v.length > digisacHostMaxLength || isBareOrigin(stripTrailingSlashes(v)), {
      message: m.hostOriginOnly,
      abort: true,
    })
    // Stored as its origin: lower-case name, punycode, no default port, no trailing slash.
    .transform((v) => new URL(v).origin)
    .nullable()
    .optional()
    .describe(
      'https origin (https://name, port 443 only): no path, query, user-info or fragment; stored as ' +
        'the origin, without trailing slash; must not be or resolve to a private address. Absent: ' +
        'unchanged; null or "": removes it. A new host clears the stored token.',
    ),
);

const digisacToken = z.preprocess(
  blankToNull,
  z
    .string({ message: m.tokenNotText })
    .max(digisacTokenMaxLength, m.tokenTooLong)
    .refine((v) => !hasControlCharacters(v), m.tokenInvalidCharacters)
    .nullable()
    .optional()
    .describe('Write-only. Absent: keeps the stored token; null or "": removes it; a string: replaces it.'),
);

const waitTime = z
  .number({ message: m.waitTime })
  .int(m.waitTime)
  .min(waitTimeMinutes.min, m.waitTime)
  .max(waitTimeMinutes.max, m.waitTime)
  .optional()
  .describe('Integer, 1 to 1440 (24 hours). Absent: unchanged.');

const warningPercent = z
  .number({ message: m.warningPercent })
  .int(m.warningPercent)
  .min(slaWarningPercent.min, m.warningPercent)
  .max(slaWarningPercent.max, m.warningPercent)
  .optional()
  .describe('Integer, 0 (no warning) to 99. Absent: unchanged.');

/**
 * PUT /tenants/settings. name is required; the other fields may be left out to keep what is
 * stored — which matters for the token: the form must leave digisac_token out unless the user
 * typed a new one or asked to remove it (null).
 */
export const updateTenantSettingsSchema = z.object({
  name: requiredText(200, m.nameRequired).describe("The organisation's name"),
  digisac_host: digisacHost,
  digisac_token: digisacToken,
  max_customer_wait_time_minutes: waitTime,
  sla_warning_percent: warningPercent,
  learn_from_corrections: z
    .boolean({ message: 'Use verdadeiro ou falso.' })
    .optional()
    .describe('Learn from the team’s corrections (default true). Absent: unchanged.'),
});
export type UpdateTenantSettings = z.infer<typeof updateTenantSettingsSchema>;
