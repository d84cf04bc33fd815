import { describe, expect, it } from 'vitest';
import { parseWaitTime, type SettingsFormValues, validateSettingsForm } from './settings-form.ts';

const base: SettingsFormValues = {
  name: 'Demonstração',
  maxWaitMinutes: '30',
  digisacHost: '',
  newToken: '',
  removeToken: false,
};

describe('settings form (spec §5)', () => {
  it('falls back to 1 for a non-numeric wait time', () => {
    expect(parseWaitTime('abc')).toBe(1);
    expect(parseWaitTime('')).toBe(1);
    expect(parseWaitTime(' 45 ')).toBe(45);
  });

  it('names every problem with the spec messages', () => {
    const result = validateSettingsForm({
      ...base,
      name: '  ',
      maxWaitMinutes: '1441',
      digisacHost: 'ftp://x',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'Nome do tenant é obrigatório',
        maxWaitMinutes: 'Tempo deve estar entre 1 e 1440 minutos (24 horas)',
        digisacHost: 'URL deve começar com http:// ou https://',
      },
    });
    expect(validateSettingsForm({ ...base, digisacHost: 'https://exa mple' })).toMatchObject({
      errors: { digisacHost: 'URL inválida' },
    });
    expect(validateSettingsForm({ ...base, maxWaitMinutes: '0' })).toMatchObject({ ok: false });
  });

  it('leaves the token out unless a new one was typed; null only to remove it', () => {
    expect(validateSettingsForm(base)).toEqual({
      ok: true,
      body: { name: 'Demonstração', digisac_host: null, max_customer_wait_time_minutes: 30 },
    });
    const typed = validateSettingsForm({
      ...base,
      digisacHost: 'https://a.digisac.app/',
      newToken: ' tok-123 ',
    });
    expect(typed).toMatchObject({
      body: { digisac_host: 'https://a.digisac.app', digisac_token: 'tok-123' },
    });
    const removed = validateSettingsForm({ ...base, newToken: 'ignored', removeToken: true });
    expect(removed).toMatchObject({ ok: true, body: { digisac_token: null } });
    expect(validateSettingsForm({ ...base, maxWaitMinutes: 'x' })).toMatchObject({
      body: { max_customer_wait_time_minutes: 1 },
    });
  });
});
