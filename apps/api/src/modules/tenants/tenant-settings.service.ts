import type { TenantSettings, UpdateTenantSettings } from '@atende/contracts';
import type { Tx } from '../../db/client.ts';
import type { Tenant } from '../../db/schema/index.ts';
import { iso } from '../../lib/db-helpers.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './tenant-settings.repo.ts';

const tenantNotFound = () => notFound('Organização não encontrada.');

/** The settings as answered: the DigiSac token itself never leaves the server. */
export const toTenantSettingsDto = (row: Tenant): TenantSettings => ({
  name: row.name,
  digisac_host: row.digisacHost,
  digisac_token_set: row.digisacToken !== null,
  max_customer_wait_time_minutes: row.maxCustomerWaitTimeMinutes,
  updated_at: iso(row.updatedAt),
});

export async function getTenantSettings(tx: Tx, tenantId: string) {
  const row = await repo.findTenant(tx, tenantId);
  if (!row) throw tenantNotFound();
  return toTenantSettingsDto(row);
}

/** name is always written; a field left out (undefined) keeps what is stored. */
export async function updateTenantSettings(tx: Tx, tenantId: string, input: UpdateTenantSettings) {
  const values: repo.SettingsValues = { name: input.name };
  if (input.digisac_host !== undefined) values.digisacHost = input.digisac_host;
  if (input.digisac_token !== undefined) values.digisacToken = input.digisac_token;
  if (input.max_customer_wait_time_minutes !== undefined)
    values.maxCustomerWaitTimeMinutes = input.max_customer_wait_time_minutes;
  const row = await repo.updateTenantSettings(tx, tenantId, values);
  if (!row) throw tenantNotFound();
  return toTenantSettingsDto(row);
}
