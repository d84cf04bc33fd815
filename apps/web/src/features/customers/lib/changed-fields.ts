import type { Customer, UpdateCustomer } from '@atende/contracts';
import { documentDigits } from './document.ts';

/** What the customer form holds: every field as typed. */
export interface CustomerFormValues {
  name: string;
  document: string;
  company: string;
  email: string;
  phone: string;
}

export function formValuesOf(customer: Customer | null): CustomerFormValues {
  return {
    name: customer?.name ?? '',
    document: customer?.document ?? '',
    company: customer?.company ?? '',
    email: customer?.email ?? '',
    phone: customer?.phone ?? '',
  };
}

const optionalFields = ['company', 'email', 'phone'] as const;

/** The body of a create: optional fields left blank are not sent. */
export function createPayload(values: CustomerFormValues) {
  const payload: Record<string, string> = { name: values.name.trim(), document: values.document.trim() };
  for (const field of optionalFields) {
    const value = values[field].trim();
    if (value !== '') payload[field] = value;
  }
  return payload as { name: string; document: string; company?: string; email?: string; phone?: string };
}

/**
 * The body of an edit: only the changed fields are sent. Blanking an optional field sends null;
 * a document counts as changed only when its digits change (punctuation is not a change).
 */
export function changedFields(customer: Customer, values: CustomerFormValues): UpdateCustomer {
  const changes: UpdateCustomer = {};
  const name = values.name.trim();
  if (name !== customer.name) changes.name = name;
  const document = values.document.trim();
  if (documentDigits(document) !== documentDigits(customer.document ?? '')) changes.document = document;
  for (const field of optionalFields) {
    const value = values[field].trim();
    const before = customer[field] ?? '';
    if (field === 'email' ? value.toLowerCase() !== before.toLowerCase() : value !== before) {
      changes[field] = value === '' ? null : value;
    }
  }
  return changes;
}
