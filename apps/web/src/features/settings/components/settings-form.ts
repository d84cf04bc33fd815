import {
  slaWarningPercent,
  type TenantSettings,
  tenantSettingsMessages,
  type UpdateTenantSettings,
  updateTenantSettingsSchema,
} from '@atende/contracts';
import { z } from 'zod';

/** What the Settings form holds (strings as typed; the token field is only ever a new token). */
export interface SettingsFormValues {
  name: string;
  maxWaitMinutes: string;
  /** 'Avisar antes do estouro (%)': 0 turns the warning off. */
  warningPercent: string;
  digisacHost: string;
  /** A new token to store; blank keeps the stored one. */
  newToken: string;
  /** The user asked to remove the stored token. */
  removeToken: boolean;
  /** 'Aprender com as correções da equipe'. */
  learnFromCorrections: boolean;
}

/** The form's wait time when none is known. */
export const DEFAULT_WAIT_MINUTES = 30;

export const settingsMessages = {
  ...tenantSettingsMessages,
  invalidForm: 'Por favor, corrija os erros no formulário',
  saved: 'Configurações da conta atualizadas com sucesso!',
  saveFailed: 'Erro ao salvar configurações',
  loadFailedTitle: 'Erro ao carregar configurações',
  loadFailed: 'Não foi possível carregar as configurações do sistema.',
  hostHint: 'Use https://, como https://suaempresa.digisac.app. Deixe em branco para desativar a integração.',
  hostChangeClearsToken:
    'Ao salvar outro endereço, o token salvo será apagado: digite abaixo o token desta conta do DigiSac.',
  tokenKeepHint: 'Deixe em branco para mantê-lo.',
  tokenNoneHint: 'Nenhum token salvo. O token não é exibido depois de salvo.',
  testMissingHost: 'Informe o endereço do DigiSac para testar a conexão.',
  testMissingToken: 'Informe o token do DigiSac para testar a conexão.',
  testFailed: 'Não foi possível testar a conexão. Tente novamente.',
} as const;

/** 'Token salvo: ••••1234' (or without the characters when the server does not know them). */
export function savedTokenText(settings: Pick<TenantSettings, 'digisac_token_last4'>): string {
  return settings.digisac_token_last4
    ? `Token salvo: ••••${settings.digisac_token_last4}`
    : 'Um token está salvo';
}

export function toFormValues(settings: TenantSettings | undefined): SettingsFormValues {
  return {
    name: settings?.name ?? '',
    maxWaitMinutes: String(settings?.max_customer_wait_time_minutes ?? DEFAULT_WAIT_MINUTES),
    warningPercent: String(settings?.sla_warning_percent ?? slaWarningPercent.default),
    digisacHost: settings?.digisac_host ?? '',
    newToken: '',
    removeToken: false,
    learnFromCorrections: settings?.learn_from_corrections ?? true,
  };
}

/** Blank or non-numeric input stays non-numeric (refused with the field's message). */
export function parseWarningPercent(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** Non-numeric input falls back to 1; numbers are checked against 1–1440. */
export function parseWaitTime(text: string): number {
  const trimmed = text.trim();
  const value = trimmed === '' ? Number.NaN : Number(trimmed);
  return Number.isNaN(value) ? 1 : value;
}

const api = updateTenantSettingsSchema.shape;

/** A text field checked by the API's own schema of its field: the same pt-BR message. */
const checkedBy = (schema: z.ZodType, read: (text: string) => unknown = (text) => text) =>
  z.string().superRefine((text, ctx) => {
    const result = schema.safeParse(read(text));
    if (!result.success) {
      ctx.addIssue({
        code: 'custom',
        message: result.error.issues[0]?.message ?? settingsMessages.hostInvalid,
      });
    }
  });

/** The form's checks: every problem at once, each under its input. */
export const settingsFormSchema = z
  .object({
    name: checkedBy(api.name),
    maxWaitMinutes: checkedBy(api.max_customer_wait_time_minutes, parseWaitTime),
    warningPercent: checkedBy(api.sla_warning_percent, parseWarningPercent),
    digisacHost: checkedBy(api.digisac_host),
    newToken: z.string(),
    removeToken: z.boolean(),
    learnFromCorrections: z.boolean(),
  })
  .superRefine(({ newToken, removeToken }, ctx) => {
    // A token is only checked when one was typed to be stored.
    if (removeToken || newToken.trim() === '') return;
    const result = api.digisac_token.safeParse(newToken);
    if (!result.success) {
      ctx.addIssue({ code: 'custom', path: ['newToken'], message: result.error.issues[0]?.message ?? '' });
    }
  }) satisfies z.ZodType<SettingsFormValues, SettingsFormValues>;

/**
 * The PUT body of checked values. The token is left out unless a new one was typed, and is null
 * only when removal was asked for.
 */
export function settingsBody(values: SettingsFormValues): UpdateTenantSettings {
  const typedToken = !values.removeToken && values.newToken.trim() !== '';
  const body = updateTenantSettingsSchema.parse({
    name: values.name,
    digisac_host: values.digisacHost,
    max_customer_wait_time_minutes: parseWaitTime(values.maxWaitMinutes),
    sla_warning_percent: parseWarningPercent(values.warningPercent),
    learn_from_corrections: values.learnFromCorrections,
    ...(values.removeToken ? { digisac_token: null } : typedToken ? { digisac_token: values.newToken } : {}),
  });
  return { ...body, digisac_host: body.digisac_host ?? null };
}

/** The host as it would be stored (trimmed, no trailing slash); null when blank. */
function storedFormOf(host: string): string | null {
  const parsed = api.digisac_host.safeParse(host);
  return parsed.success ? (parsed.data ?? null) : host.trim() || null;
}

/** A host other than the saved one was typed (saving it clears the saved token). */
export function hostChanged(
  values: Pick<SettingsFormValues, 'digisacHost'>,
  settings: TenantSettings,
): boolean {
  return storedFormOf(values.digisacHost) !== (settings.digisac_host ?? null);
}

/** The 'Testar conexão' request, or why there is nothing to test yet. */
export type ConnectionTestRequest =
  | { body: { digisac_host?: string; digisac_token?: string }; problem?: undefined }
  | { problem: string };

/**
 * Only what the user typed goes to the server: a host other than the saved one, a new token.
 * Nothing typed → `{}`: the server tests the stored host and token. Call it with checked values.
 */
export function connectionTestRequest(
  values: SettingsFormValues,
  settings: TenantSettings,
): ConnectionTestRequest {
  const host = storedFormOf(values.digisacHost);
  if (host === null) return { problem: settingsMessages.testMissingHost };
  const token = values.removeToken ? '' : values.newToken.trim();
  if (token === '' && (values.removeToken || !settings.digisac_token_set)) {
    return { problem: settingsMessages.testMissingToken };
  }
  return {
    body: {
      ...(hostChanged(values, settings) ? { digisac_host: host } : {}),
      ...(token !== '' ? { digisac_token: token } : {}),
    },
  };
}

const formFields: Record<string, keyof SettingsFormValues> = {
  'body.name': 'name',
  'body.digisac_host': 'digisacHost',
  'body.digisac_token': 'newToken',
  'body.max_customer_wait_time_minutes': 'maxWaitMinutes',
  'body.sla_warning_percent': 'warningPercent',
};

/** The API names fields as `body.<field>`: the form's input for each (`showServerFieldErrors`). */
export const formFieldOf = (apiField: string): keyof SettingsFormValues | undefined => formFields[apiField];
