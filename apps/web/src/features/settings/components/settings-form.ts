import {
  type TenantSettings,
  tenantSettingsMessages,
  type UpdateTenantSettings,
  updateTenantSettingsSchema,
} from '@atende/contracts';

/** What the Settings form holds (strings as typed; the token field is only ever a new token). */
export interface SettingsFormValues {
  name: string;
  maxWaitMinutes: string;
  digisacHost: string;
  /** A new token to store; blank keeps the stored one. */
  newToken: string;
  /** The user asked to remove the stored token. */
  removeToken: boolean;
}

export type SettingsFormErrors = Partial<Record<keyof SettingsFormValues, string>>;

/** Spec §9: the form's wait time when none is known. */
export const DEFAULT_WAIT_MINUTES = 30;

export const settingsMessages = {
  ...tenantSettingsMessages,
  invalidForm: 'Por favor, corrija os erros no formulário',
  saved: 'Configurações da conta atualizadas com sucesso!',
  saveFailed: 'Erro ao salvar configurações',
  loadFailedTitle: 'Erro ao carregar configurações',
  loadFailed: 'Não foi possível carregar as configurações do sistema.',
} as const;

export function toFormValues(settings: TenantSettings | undefined): SettingsFormValues {
  return {
    name: settings?.name ?? '',
    maxWaitMinutes: String(settings?.max_customer_wait_time_minutes ?? DEFAULT_WAIT_MINUTES),
    digisacHost: settings?.digisac_host ?? '',
    newToken: '',
    removeToken: false,
  };
}

/** Spec §5: non-numeric input falls back to 1; numbers are checked against 1–1440. */
export function parseWaitTime(text: string): number {
  const trimmed = text.trim();
  const value = trimmed === '' ? Number.NaN : Number(trimmed);
  return Number.isNaN(value) ? 1 : value;
}

const fields = updateTenantSettingsSchema.shape;

function firstMessage(result: { success: boolean; error?: { issues: Array<{ message: string }> } }) {
  return result.success ? undefined : (result.error?.issues[0]?.message ?? settingsMessages.hostInvalid);
}

/**
 * Checks the form with the API's own field schemas (same pt-BR messages) and builds the PUT body.
 * The token is left out unless a new one was typed, and is null only when removal was asked for.
 */
export function validateSettingsForm(
  values: SettingsFormValues,
): { ok: true; body: UpdateTenantSettings } | { ok: false; errors: SettingsFormErrors } {
  const name = fields.name.safeParse(values.name);
  const host = fields.digisac_host.safeParse(values.digisacHost);
  const wait = fields.max_customer_wait_time_minutes.safeParse(parseWaitTime(values.maxWaitMinutes));
  const typedToken = values.newToken.trim() !== '';
  const token = fields.digisac_token.safeParse(values.newToken);

  const errors: SettingsFormErrors = {};
  if (!name.success) errors.name = firstMessage(name);
  if (!host.success) errors.digisacHost = firstMessage(host);
  if (!wait.success) errors.maxWaitMinutes = firstMessage(wait);
  if (!values.removeToken && typedToken && !token.success) errors.newToken = firstMessage(token);
  if (!name.success || !host.success || !wait.success || errors.newToken) return { ok: false, errors };

  const body: UpdateTenantSettings = {
    name: name.data,
    digisac_host: host.data ?? null,
    max_customer_wait_time_minutes: wait.data,
  };
  if (values.removeToken) body.digisac_token = null;
  else if (typedToken && token.success) body.digisac_token = token.data;
  return { ok: true, body };
}

/** The API names fields as `body.<field>`; map them back onto the form. */
export function formFieldOf(apiField: string): keyof SettingsFormValues | undefined {
  const field = apiField.replace(/^body\./, '');
  const map: Record<string, keyof SettingsFormValues> = {
    name: 'name',
    digisac_host: 'digisacHost',
    digisac_token: 'newToken',
    max_customer_wait_time_minutes: 'maxWaitMinutes',
  };
  return map[field];
}
