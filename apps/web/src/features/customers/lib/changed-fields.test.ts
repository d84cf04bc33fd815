import type { Customer } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import { changedFields, createPayload, formValuesOf } from './changed-fields.ts';

const customer: Customer = {
  id: '0d5f5a4e-8a0b-4b52-9a57-0e8f3c1d2b3a',
  source: 'internal',
  name: 'Maria Santos',
  document: '52998224725',
  company: 'Padaria',
  email: 'maria@email.com',
  phone: null,
  created_at: '2026-03-05T12:00:00.000Z',
  updated_at: '2026-03-05T12:00:00.000Z',
};

describe('changedFields (PUT sends only what changed)', () => {
  it('sends nothing when nothing changed', () => {
    expect(changedFields(customer, formValuesOf(customer))).toEqual({});
  });

  it('sends only the changed fields, trimmed', () => {
    const values = { ...formValuesOf(customer), name: '  Maria A. Santos ', phone: '(11) 98765-4321' };
    expect(changedFields(customer, values)).toEqual({ name: 'Maria A. Santos', phone: '(11) 98765-4321' });
  });

  it('sends null when an optional field is blanked', () => {
    expect(changedFields(customer, { ...formValuesOf(customer), company: '   ' })).toEqual({ company: null });
  });

  it('ignores punctuation in the document and case in the e-mail', () => {
    const values = { ...formValuesOf(customer), document: '529.982.247-25', email: 'Maria@Email.com' };
    expect(changedFields(customer, values)).toEqual({});
  });

  it('sends a document whose digits changed', () => {
    const values = { ...formValuesOf(customer), document: '111.444.777-35' };
    expect(changedFields(customer, values)).toEqual({ document: '111.444.777-35' });
  });
});

describe('createPayload', () => {
  it('leaves blank optional fields out', () => {
    const values = { name: ' Ana ', document: '11144477735', company: '', email: ' ', phone: '9999' };
    expect(createPayload(values)).toEqual({ name: 'Ana', document: '11144477735', phone: '9999' });
  });
});
