import {
  type CreateCustomer,
  type Customer,
  documentDigits,
  documentProblem,
  type UpdateCustomer,
} from '@atende/contracts';
import type { Customer as CustomerRow } from '../../db/schema/index.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { iso, isUniqueViolation, searchTextOf } from '../../lib/db-helpers.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repo from './customers.repo.ts';

const duplicateDocument = () =>
  new AppError('conflict', 'Já existe um cliente com este documento.', [
    { field: 'body.document', message: 'Já existe um cliente com este documento.' },
  ]);
const customerNotFound = () => notFound('Cliente não encontrado.');

/** The customer row a ticket or a message links to; undefined when the tenant has no such customer. */
export const findCustomer = ({ tx }: TenantScope, id: string) => repo.findCustomer(tx, id);

/**
 * CPF (11 digits) or CNPJ (14 digits) whose check digits match (documentProblem), stored as
 * digits whatever punctuation was typed.
 */
export function normaliseDocument(document: string) {
  const problem = documentProblem(document);
  if (problem)
    throw new AppError('validation_error', problem, [{ field: 'body.document', message: problem }]);
  return documentDigits(document);
}

export const toCustomerDto = (row: CustomerRow): Customer => ({
  id: row.id,
  name: row.name,
  document: row.document,
  source: row.source === 'digisac' ? 'digisac' : 'internal',
  company: row.company,
  email: row.email,
  phone: row.phone,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

export async function listCustomers(
  { tx }: TenantScope,
  query: { search?: string; match?: 'name_document'; page: number; per_page: number; limit?: number },
) {
  const perPage = query.limit ?? query.per_page;
  const { rows, total, estimate } = await repo.listCustomers(tx, {
    search: query.search,
    match: query.match,
    page: query.page,
    perPage,
  });
  return {
    customers: rows.map(toCustomerDto),
    total,
    ...(estimate && { total_is_estimate: true }),
    page: query.page,
    per_page: perPage,
  };
}

export async function getCustomer({ tx }: TenantScope, id: string) {
  const row = await repo.findCustomer(tx, id);
  if (!row) throw customerNotFound();
  return toCustomerDto(row);
}

/** Inserts or updates; a concurrent duplicate that slips past the check still becomes a 409. */
async function guardDuplicate<T>(write: () => Promise<T>) {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'customers_tenant_document_unique')) throw duplicateDocument();
    throw err;
  }
}

/**
 * A phone as search_text holds it: its digits ('(41) 99691-0256' → '41996910256'), so a search by
 * any part of the number, typed with or without punctuation, finds it (customers.repo
 * customerSearchWords reduces the searched words alike).
 */
const phoneDigits = (phone: string | null | undefined) => phone?.replace(/\D/g, '') || null;

export async function createCustomer({ tenantId, tx }: TenantScope, input: CreateCustomer) {
  const document = normaliseDocument(input.document);
  if (await repo.findCustomerByDocument(tx, document)) throw duplicateDocument();
  const values = {
    name: input.name,
    document,
    company: input.company ?? null,
    email: input.email ?? null,
    phone: input.phone ?? null,
  };
  const row = await guardDuplicate(() =>
    repo.insertCustomer(tx, {
      tenantId,
      ...values,
      searchText: searchTextOf(
        values.name,
        document,
        values.company,
        values.email,
        phoneDigits(values.phone),
      ),
    }),
  );
  return toCustomerDto(row);
}

export async function updateCustomer({ tx }: TenantScope, id: string, input: UpdateCustomer) {
  const current = await repo.findCustomer(tx, id);
  if (!current) throw customerNotFound();
  const document = input.document === undefined ? current.document : normaliseDocument(input.document);
  if (document !== null && document !== current.document && (await repo.findCustomerByDocument(tx, document)))
    throw duplicateDocument();
  const next = {
    name: input.name ?? current.name,
    document,
    company: input.company === undefined ? current.company : input.company,
    email: input.email === undefined ? current.email : input.email,
    phone: input.phone === undefined ? current.phone : input.phone,
  };
  const row = await guardDuplicate(() =>
    repo.updateCustomer(tx, id, {
      ...next,
      searchText: searchTextOf(next.name, next.document, next.company, next.email, phoneDigits(next.phone)),
    }),
  );
  if (!row) throw customerNotFound();
  if (next.name !== current.name) await repo.renameOnTickets(tx, id, next.name);
  return toCustomerDto(row);
}

/** The customer of a DigiSac contact (id and name), or undefined until it is ingested. */
export const findDigisacCustomer = ({ tx }: TenantScope, externalId: string) =>
  repo.findByExternalId(tx, externalId);

/** A DigiSac contact as the tenant's customer (customers.repo upsertDigisacCustomer): its id and name. */
export function upsertDigisacContact(
  { tenantId, tx }: TenantScope,
  contact: { externalId: string; name: string | null; phone: string | null },
) {
  const name = contact.name ?? contact.phone ?? 'Contato do DigiSac';
  return repo.upsertDigisacCustomer(tx, {
    tenantId,
    externalId: contact.externalId,
    name,
    document: null,
    phone: contact.phone,
    // The phone's digits too: a search by number finds the contact.
    searchText: searchTextOf(name, phoneDigits(contact.phone)),
  });
}

export async function deleteCustomer({ tx }: TenantScope, id: string) {
  if (!(await repo.deleteCustomer(tx, id))) throw customerNotFound();
}
