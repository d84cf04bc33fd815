import { describe, expect, it } from 'vitest';
import {
  formFieldOf,
  parseWaitTime,
  type SettingsFormValues,
  settingsBody,
  settingsFormSchema,
} from './settings-form.ts';

const base: SettingsFormValues = {
  name: 'Demonstração',
  maxWaitMinutes: '30',
  digisacHost: '',
  newToken: '',
  removeToken: false,
};

/** Each field's message, as the form shows them. */
function problems(values: SettingsFormValues) {
  const result = settingsFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('settings form (spec §5)', () => {
  it('falls back to 1 for a non-numeric wait time', () => {
    expect(parseWaitTime('abc')).toBe(1);
    expect(parseWaitTime('')).toBe(1);
    expect(parseWaitTime(' 45 ')).toBe(45);
    expect(problems({ ...base, maxWaitMinutes: 'x' })).toEqual({});
  });

  it('names every problem at once with the spec messages', () => {
    expect(
      problems({
        ...base,
        name: '  ',
        maxWaitMinutes: '1441',
        digisacHost: 'ftp://x',
        newToken: 'a'.repeat(501),
      }),
    ).toEqual({
      name: 'Nome do tenant é obrigatório',
      maxWaitMinutes: 'Tempo deve estar entre 1 e 1440 minutos (24 horas)',
      digisacHost: 'URL deve começar com http:// ou https://',
      newToken: 'Use no máximo 500 caracteres.',
    });
    expect(problems({ ...base, digisacHost: 'https://exa mple' })).toEqual({ digisacHost: 'URL inválida' });
    expect(problems({ ...base, maxWaitMinutes: '0' })).toHaveProperty('maxWaitMinutes');
    // A token that is to be removed is not checked.
    expect(problems({ ...base, newToken: 'a'.repeat(501), removeToken: true })).toEqual({});
  });

  it('leaves the token out unless a new one was typed; null only to remove it', () => {
    expect(settingsBody(base)).toEqual({
      name: 'Demonstração',
      digisac_host: null,
      max_customer_wait_time_minutes: 30,
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
    expect(formFieldOf('body.other')).toBeUndefined();
  });
});
