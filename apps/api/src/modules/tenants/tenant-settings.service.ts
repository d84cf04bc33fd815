import {
  digisacMessages,
  isBareOrigin,
  type TenantSettings,
  tenantSettingsMessages,
  type UpdateTenantSettings,
} from '@atende/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Tenant } from '../../db/schema/index.ts';
import { withSystem } from '../../db/system.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { iso } from '../../lib/db-helpers.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  decryptUnboundSecret,
  encryptSecret,
  isBoundSecret,
  type SecretKey,
  SecretUnreadableError,
} from '../../lib/secrets.ts';
import {
  DnsBusyError,
  hostResolverFor,
  isLocalhostName,
  isPrivateAddress,
  privateAddressOf,
} from '../../lib/ssrf.ts';
import { type Actor, recordAudit } from '../audit/audit.service.ts';
import { resetOpenSlaDeadlines } from '../notifications/notifications.service.ts';
import * as repo from './tenant-settings.repo.ts';

const tenantNotFound = () => notFound('Organização não encontrada.');

/** The settings as answered: the DigiSac token itself never leaves the server. */
export const toTenantSettingsDto = (row: Tenant): TenantSettings => ({
  name: row.name,
  digisac_host: row.digisacHost,
  digisac_token_set: row.digisacToken !== null,
  digisac_token_last4: row.digisacToken !== null ? row.digisacTokenLast4 : null,
  max_customer_wait_time_minutes: row.maxCustomerWaitTimeMinutes,
  sla_warning_percent: row.slaWarningPercent,
  learn_from_corrections: row.learnFromCorrections,
  updated_at: iso(row.updatedAt),
});

/** The caller's organisation as the shell names it. */
export async function currentTenant({ tenantId, tx }: TenantScope) {
  const row = await repo.findTenant(tx, tenantId);
  if (!row) throw tenantNotFound();
  return { id: row.id, name: row.name, slug: row.slug };
}

export async function getTenantSettings({ tenantId, tx }: TenantScope) {
  const row = await repo.findTenant(tx, tenantId);
  if (!row) throw tenantNotFound();
  return toTenantSettingsDto(row);
}

export interface TenantSettingsDeps {
  secretKey: SecretKey;
}

/** The columns that store `token` (encrypted, bound to the tenant), or clear it (null). */
const tokenValues = (secretKey: SecretKey, tenantId: string, token: string | null): repo.SettingsValues =>
  token === null
    ? { digisacToken: null, digisacTokenKeyId: null, digisacTokenLast4: null }
    : {
        digisacToken: encryptSecret(secretKey, token, tenantId),
        digisacTokenKeyId: secretKey.id,
        digisacTokenLast4: token.slice(-4),
      };

/**
 * name is always written; a field left out (undefined) keeps what is stored. A host other than
 * the stored one clears the stored token unless a new one comes with it: a token is only ever
 * sent to the host it was saved with. Call checkDigisacHost first (outside the transaction).
 */
export async function updateTenantSettings(
  { secretKey }: TenantSettingsDeps,
  scope: TenantScope,
  actor: Actor,
  input: UpdateTenantSettings,
) {
  const { tenantId, tx } = scope;
  // Locked: a host-only change that read its own host keeps the token, so the host must not
  // change (nor a token be saved beside another host) before this transaction ends.
  const current = await repo.findTenantForUpdate(tx, tenantId);
  if (!current) throw tenantNotFound();
  const values: repo.SettingsValues = { name: input.name };
  if (input.digisac_host !== undefined) values.digisacHost = input.digisac_host;
  if (input.digisac_token !== undefined)
    Object.assign(values, tokenValues(secretKey, tenantId, input.digisac_token));
  else if (input.digisac_host !== undefined && input.digisac_host !== current.digisacHost) {
    Object.assign(values, tokenValues(secretKey, tenantId, null));
  }
  if (input.max_customer_wait_time_minutes !== undefined)
    values.maxCustomerWaitTimeMinutes = input.max_customer_wait_time_minutes;
  if (input.sla_warning_percent !== undefined) values.slaWarningPercent = input.sla_warning_percent;
  if (input.learn_from_corrections !== undefined) values.learnFromCorrections = input.learn_from_corrections;
  const row = await repo.updateTenantSettings(tx, tenantId, values);
  if (!row) throw tenantNotFound();
  const changes = settingsChanges(current, row);
  // New limits: the open waits' deadlines are recomputed by the SLA monitor's next check.
  if (
    changes.fields.includes('max_customer_wait_time_minutes') ||
    changes.fields.includes('sla_warning_percent')
  ) {
    await resetOpenSlaDeadlines(scope);
  }
  if (changes.fields.length > 0)
    await recordAudit(scope, actor, { action: 'settings.updated', details: changes });
  return toTenantSettingsDto(row);
}

/**
 * What a settings change changed, for the audit log: the fields, and before/after of those that
 * are not secret (the DigiSac token is named, never shown, not even its last characters).
 */
function settingsChanges(before: Tenant, after: Tenant) {
  const fields: string[] = [];
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  const compare = (field: string, was: unknown, is: unknown) => {
    if (was === is) return;
    fields.push(field);
    changes[field] = { before: was, after: is };
  };
  compare('name', before.name, after.name);
  compare('digisac_host', before.digisacHost, after.digisacHost);
  compare(
    'max_customer_wait_time_minutes',
    before.maxCustomerWaitTimeMinutes,
    after.maxCustomerWaitTimeMinutes,
  );
  compare('sla_warning_percent', before.slaWarningPercent, after.slaWarningPercent);
  compare('learn_from_corrections', before.learnFromCorrections, after.learnFromCorrections);
  if (before.digisacToken !== after.digisacToken) fields.push('digisac_token');
  return { fields, changes };
}

const hostError = (field: string, message: string) =>
  new AppError('validation_error', message, [{ field, message }]);

/**
 * A refusal by the address check (a private literal, `localhost`, a name resolving to a private
 * address): the settings PUT answers it as a field-named 400; 'Testar conexão' turns it into the
 * same ok:false sentence as a name that does not resolve or does not answer.
 */
export class DigisacAddressRefusedError extends AppError {
  constructor(field: string) {
    super('validation_error', digisacMessages.privateHost, [{ field, message: digisacMessages.privateHost }]);
  }
}

type HostRulesConfig = Pick<
  Config,
  | 'DIGISAC_ALLOW_PRIVATE_HOSTS'
  | 'DNS_SERVERS'
  | 'DNS_TIMEOUT_MS'
  | 'DNS_MAX_CONCURRENT_LOOKUPS'
  | 'DNS_MAX_CONCURRENT_LOOKUPS_PER_TENANT'
>;

/**
 * The DigiSac host's rules beyond its syntax (the contract's schema, which already refuses a
 * path, a query, user-info and a fragment): https:// only, port 443 only, and not an address,
 * nor a name resolving to one, that is loopback, private, link-local, unique-local or metadata —
 * all lifted by DIGISAC_ALLOW_PRIVATE_HOSTS. Every refusal of the address check says the same
 * sentence (digisacMessages.privateHost). A name that does not resolve, or not within
 * DNS_TIMEOUT_MS, is accepted (the call checks the address again when it connects); `localhost`
 * is loopback without DNS. More than DNS_MAX_CONCURRENT_LOOKUPS look-ups at once in the process, or
 * DNS_MAX_CONCURRENT_LOOKUPS_PER_TENANT of `tenantId`'s: a 429 at once.
 * Resolves names: call it before opening the transaction. `host` is a syntactically valid http(s)
 * URL, or null/undefined (nothing to check).
 */
export async function checkDigisacHost(
  config: HostRulesConfig,
  tenantId: string,
  host: string | null | undefined,
  field = 'body.digisac_host',
) {
  if (host === null || host === undefined || config.DIGISAC_ALLOW_PRIVATE_HOSTS) return;
  const url = new URL(host);
  if (url.protocol !== 'https:') throw hostError(field, tenantSettingsMessages.hostScheme);
  // A literal address is judged before the port (no look-up needed): the same sentence either way.
  if (isPrivateAddress(url.hostname) || isLocalhostName(url.hostname)) {
    throw new DigisacAddressRefusedError(field);
  }
  if (url.port !== '') throw hostError(field, tenantSettingsMessages.hostPort);
  try {
    if (await privateAddressOf(hostResolverFor(config), url.hostname, tenantId)) {
      throw new DigisacAddressRefusedError(field);
    }
  } catch (err) {
    if (err instanceof DnsBusyError) throw new AppError('rate_limited', digisacMessages.dnsBusy);
    throw err;
  }
}

/**
 * Whether a stored host may be called as stored: a bare origin, and (unless
 * DIGISAC_ALLOW_PRIVATE_HOSTS) on the default port. Hosts saved before these rules may not be.
 */
export function isAllowedDigisacOrigin(config: Pick<Config, 'DIGISAC_ALLOW_PRIVATE_HOSTS'>, host: string) {
  if (!isBareOrigin(host)) return false;
  return config.DIGISAC_ALLOW_PRIVATE_HOSTS || new URL(host).port === '';
}

/**
 * Boot: clears every stored DigiSac host that is not a bare origin (a path, a query, user-info or
 * a fragment: saved before the origin rule; the connection test could be pointed at any URL with
 * it), and its token with it (a token follows its host), in one system transaction. Idempotent.
 * Locks no row it does not clear (a start must not wait on, nor block, inserts referencing tenants).
 * Answers the tenants and hosts cleared, for the start to log.
 */
export async function clearNonOriginDigisacHosts(db: Db) {
  return withSystem(db, 'clear-digisac-hosts', async (tx) => {
    const cleared: { tenantId: string; host: string }[] = [];
    // Read without a lock, filtered here; only a host that needs clearing is written, and only
    // if it is still the one read (a settings save in between stored a checked origin).
    for (const row of await repo.storedDigisacHosts(tx)) {
      if (row.host === null || isBareOrigin(row.host)) continue;
      if (await repo.clearDigisacHostIf(tx, row.id, row.host)) {
        cleared.push({ tenantId: row.id, host: row.host });
      }
    }
    return cleared;
  });
}

/** The stored DigiSac host and token (still encrypted: decrypt it outside the transaction). */
export async function findDigisacSettings({ tenantId, tx }: TenantScope) {
  const row = await repo.findDigisacSettings(tx, tenantId);
  if (!row) throw tenantNotFound();
  return row;
}

/**
 * Boot, in one system transaction: encrypts the tokens stored in plaintext before encryption
 * existed (rows without a key id), and rewrites the ones encrypted before the tenant binding
 * (`v1:`, under this key) as `v2:` bound to their row's tenant. Idempotent: a bound row is left
 * alone. Counts, without touching them, the tokens encrypted under another key (SECRET_KEY
 * changed) and the `v1:` ones that do not decrypt: unreadable until restored or typed again.
 */
export async function encryptDigisacTokens(db: Db, secretKey: SecretKey) {
  return withSystem(db, 'encrypt-secrets', async (tx) => {
    const rows = await repo.unboundDigisacTokens(tx, secretKey.id);
    let encrypted = 0;
    let bound = 0;
    let unreadable = 0;
    for (const row of rows) {
      if (row.token === null) continue;
      let plaintext = row.token;
      if (row.keyId !== null) {
        if (isBoundSecret(row.token)) continue;
        try {
          plaintext = decryptUnboundSecret(secretKey, row.token, row.keyId);
        } catch (err) {
          if (!(err instanceof SecretUnreadableError)) throw err;
          unreadable++;
          continue;
        }
      }
      await repo.updateTenantSettings(tx, row.id, tokenValues(secretKey, row.id, plaintext));
      if (row.keyId === null) encrypted++;
      else bound++;
    }
    return { encrypted, bound, unreadable, otherKey: await repo.countTokensOfOtherKeys(tx, secretKey.id) };
  });
}
