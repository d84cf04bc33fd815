import { describe, expect, it } from 'vitest';
import {
  connectionTestRequest,
  formFieldOf,
  hostChanged,
  parseWaitTime,
  type SettingsFormValues,
  savedTokenText,
  settingsBody,
  settingsFormSchema,
} from './settings-form.ts';

const base: SettingsFormValues = {
  name: 'Demonstração',
  maxWaitMinutes: '30',
  warningPercent: '80',
  digisacHost: '',
  newToken: '',
  removeToken: false,
  learnFromCorrections: true,
};

/** Each field's message, as the form shows them. */
function problems(values: SettingsFormValues) {
  const result = settingsFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('settings form', () => {
  it('falls back to 1 for a non-numeric wait time', () => {
    expect(parseWaitTime('abc')).toBe(1);
    expect(parseWaitTime('')).toBe(1);
    expect(parseWaitTime(' 45 ')).toBe(45);
    expect(problems({ ...base, maxWaitMinutes: 'x' })).toEqual({});
  });

  it('names every problem at once with the pt-BR messages', () => {
    expect(
      problems({
        ...base,
        name: '  ',
        maxWaitMinutes: '1441',
        warningPercent: '100',
        digisacHost: 'ftp://x',
        newToken: 'a'.repeat(501),
      }),
    ).toEqual({
      name: 'Nome do tenant é obrigatório',
      maxWaitMinutes: 'Tempo deve estar entre 1 e 1440 minutos (24 horas)',
      warningPercent: 'Use um número inteiro de 0 a 99 (0 desliga o aviso).',
      digisacHost: 'URL deve começar com https://',
      newToken: 'Use no máximo 500 caracteres.',
    });
    expect(problems({ ...base, digisacHost: 'https://exa mple' })).toEqual({ digisacHost: 'URL inválida' });
    expect(problems({ ...base, maxWaitMinutes: '0' })).toHaveProperty('maxWaitMinutes');
    for (const percent of ['', '12.5', 'x', '-1']) {
      expect(problems({ ...base, warningPercent: percent }), percent).toHaveProperty('warningPercent');
    }
    expect(problems({ ...base, warningPercent: '0' })).toEqual({});
    // A token that is to be removed is not checked.
    expect(problems({ ...base, newToken: 'a'.repeat(501), removeToken: true })).toEqual({});
  });

  it('leaves the token out unless a new one was typed; null only to remove it', () => {
    expect(settingsBody(base)).toEqual({
      name: 'Demonstração',
      digisac_host: null,
      max_customer_wait_time_minutes: 30,
      sla_warning_percent: 80,
      learn_from_corrections: true,
    });
    expect(settingsBody({ ...base, learnFromCorrections: false })).toMatchObject({
      learn_from_corrections: false,
    });
    expect(
      settingsBody({ ...base, digisacHost: 'https://a.digisac.app/', newToken: ' tok-123 ' }),
    ).toMatchObject({ digisac_host: 'https://a.digisac.app', digisac_token: 'tok-123' });
    expect(settingsBody({ ...base, newToken: 'ignored', removeToken: true })).toMatchObject({
      digisac_token: null,
    });
    expect(settingsBody({ ...base, maxWaitMinutes: 'x' })).toMatchObject({
      max_customer_wait_time_minutes: 1,
    });
  });

  it('maps the API’s field names onto the form', () => {
    expect(formFieldOf('body.digisac_token')).toBe('newToken');
    expect(formFieldOf('body.max_customer_wait_time_minutes')).toBe('maxWaitMinutes');
    expect(formFieldOf('body.sla_warning_percent')).toBe('warningPercent');
    expect(formFieldOf('body.other')).toBeUndefined();
  });
});

describe("'Testar conexão' request", () => {
  const saved = {
    name: 'Demonstração',
    digisac_host: 'https://demo.digisac.app',
    digisac_token_set: true,
    digisac_token_last4: 'abcd',
    max_customer_wait_time_minutes: 30,
    sla_warning_percent: 80,
    learn_from_corrections: true,
    updated_at: '2026-03-05T17:30:00Z',
  };
  const typed = { ...base, digisacHost: 'https://demo.digisac.app' };

  it('sends only what was typed; nothing typed tests the stored values', () => {
    expect(connectionTestRequest(typed, saved)).toEqual({ body: {} });
    expect(connectionTestRequest({ ...typed, digisacHost: ' https://demo.digisac.app/ ' }, saved)).toEqual({
      body: {},
    });
    expect(connectionTestRequest({ ...typed, newToken: ' tok ' }, saved)).toEqual({
      body: { digisac_token: 'tok' },
    });
    expect(connectionTestRequest({ ...typed, digisacHost: 'https://outra.digisac.app' }, saved)).toEqual({
      body: { digisac_host: 'https://outra.digisac.app' },
    });
  });

  it('says what is missing instead of asking', () => {
    expect(connectionTestRequest({ ...typed, digisacHost: ' ' }, saved)).toEqual({
      problem: 'Informe o endereço do DigiSac para testar a conexão.',
    });
    expect(connectionTestRequest({ ...typed, removeToken: true, newToken: 'x' }, saved)).toEqual({
      problem: 'Informe o token do DigiSac para testar a conexão.',
    });
    expect(
      connectionTestRequest(typed, { ...saved, digisac_token_set: false, digisac_token_last4: null }),
    ).toEqual({ problem: 'Informe o token do DigiSac para testar a conexão.' });
  });

  it('knows a changed host and shows the saved token by its last 4', () => {
    expect(hostChanged({ digisacHost: 'https://demo.digisac.app/' }, saved)).toBe(false);
    expect(hostChanged({ digisacHost: 'https://nova.digisac.app' }, saved)).toBe(true);
    expect(savedTokenText(saved)).toBe('Token salvo: ••••abcd');
    expect(savedTokenText({ digisac_token_last4: null })).toBe('Um token está salvo');
  });
});
