// How the schema spreads past one PostgreSQL (docs/SCALING.md): every table is either a tenant
// table — a NOT NULL `tenant_id`, row-level security by tenant, and every key and link through
// `tenant_id`, so Citus can distribute it by `tenant_id`, co-located with the others — or one of the
// global tables below, each with why it is global and where it goes on Citus. schema-keys.test.ts
// checks the migrated catalog against this; scripts/citus-layout.mjs prints the Citus commands.

/**
 * Where a global table lives on Citus: `reference` — a copy on every node, so tenant tables can
 * link to it and join it on their own node (small, rarely written); `coordinator` — a local table
 * on the coordinator (citus_add_local_table_to_metadata), for server state read and written by key,
 * never joined with tenant rows (a reference table would replicate each write to every node).
 */
export type GlobalPlacement = 'reference' | 'coordinator';

export interface GlobalTable {
  placement: GlobalPlacement;
  why: string;
}

export const globalTables: Readonly<Record<string, GlobalTable>> = {
  tenants: {
    placement: 'reference',
    why: 'the tenants themselves (its id is the tenant id); every tenant table links to it',
  },
  users: {
    placement: 'reference',
    why:
      'identity: an e-mail signs in before its tenant is known (users.email and users.id are unique ' +
      'across tenants); tenant tables link to it by (tenant_id, id)',
  },
  digisac_links: {
    placement: 'reference',
    why:
      "one row per tenant, found by the webhook's secret before the tenant is known (the secret's " +
      'hash is unique across tenants)',
  },
  domain_events: {
    placement: 'coordinator',
    why: 'the after-commit log, read in `seq` order across tenants by the dispatcher; pruned after a week',
  },
  refresh_tokens: { placement: 'coordinator', why: 'identity: a session found by its token hash' },
  reset_codes: { placement: 'coordinator', why: 'identity: password reset codes of a user' },
  auth_challenges: { placement: 'coordinator', why: 'identity: sign-in challenges found by session hash' },
  srp_claims: { placement: 'coordinator', why: 'identity: SRP nonces, single use across processes' },
  signing_keys: { placement: 'coordinator', why: 'identity: the keys that sign every tenant’s tokens' },
  security_counters: {
    placement: 'coordinator',
    why: 'server state: sign-in and reset counters by account and address, before any tenant',
  },
  api_request_counts: {
    placement: 'coordinator',
    why: 'server state: per-minute request counts summed over every process',
  },
  mail_queue: { placement: 'coordinator', why: 'server state: mails waiting for the sender loop' },
};
