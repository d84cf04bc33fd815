import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * Where the server's files are, relative to the working directory (`npm start` and every npm
 * script run in the repository's root); never derived from where a source file sits, so the
 * bundle (apps/api/dist) and the sources find the same files.
 */
export const defaultPaths = {
  DATA_DIR: '.data',
  WEB_DIST_DIR: 'apps/web/dist',
  MIGRATIONS_DIR: 'apps/api/drizzle',
} as const;

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const optionalUrl = (protocols: string[]) =>
  optionalText.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

/** A whole number in [min, max], with one message naming the range. */
const wholeNumber = (min: number, max: number, fallback: number, unit = '') => {
  const message = `must be a whole number${unit} between ${min} and ${max}`;
  return z.coerce.number({ message }).int(message).min(min, message).max(max, message).default(fallback);
};

/**
 * Fastify's trustProxy: off (the default: X-Forwarded-For is ignored, the client address is the
 * socket's), or a comma-separated list of the proxies' addresses/CIDRs (or proxy-addr's names
 * loopback, linklocal, uniquelocal). Not `true` (every client could pick its own address and
 * escape per-address limits) and not a hop count (Fastify 5.12 trusts no hop for a number: it
 * cannot tell a proxy from a client that sends enough hops).
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): false | string => {
    if (value === '' || value === 'false') return false;
    const parts = value.split(',').map((p) => p.trim());
    // Digits alone would be read as an address (0.0.0.1), not a hop count: refuse them.
    const valid = (p: string) =>
      !/^\d+$/.test(p) &&
      (['loopback', 'linklocal', 'uniquelocal'].includes(p) || /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(p));
    if (!parts.every(valid)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be false or a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.0/8,loopback)',
      });
      return z.NEVER;
    }
    return parts.join(',');
  });

/** How many bytes a base64url text (padding allowed) decodes to; -1 when it is not base64url. */
const base64urlBytes = (v: string) =>
  /^[A-Za-z0-9_-]+={0,2}$/.test(v) ? Math.floor((v.replace(/=+$/, '').length * 3) / 4) : -1;

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a whole number between 0 and 65535' })
    .int('must be a whole number between 0 and 65535')
    .min(0, 'must be a whole number between 0 and 65535')
    .max(65535, 'must be a whole number between 0 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default(defaultPaths.DATA_DIR),
  /** The built SPA to serve; lets parallel e2e runs use their own build. */
  WEB_DIST_DIR: z.string().trim().min(1, 'must not be empty').default(defaultPaths.WEB_DIST_DIR),
  /** The SQL migrations applied at start (the server build runs with its own copy). */
  MIGRATIONS_DIR: z.string().trim().min(1, 'must not be empty').default(defaultPaths.MIGRATIONS_DIR),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  DEMO_PASSWORD: optionalText,
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  OPENAI_BASE_URL: optionalUrl(['http:', 'https:']),
  OPENAI_API_KEY: optionalText,
  OPENAI_MODEL: optionalText,
  OPENAI_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a whole number of milliseconds (100–300000)' })
    .int('must be a whole number of milliseconds (100–300000)')
    .min(100, 'must be a whole number of milliseconds (100–300000)')
    .max(300_000, 'must be a whole number of milliseconds (100–300000)')
    .default(20_000),
  COGNITO_ISSUER: optionalUrl(['http:', 'https:']),
  COGNITO_CLIENT_ID: optionalText,
  COGNITO_REGION: z.string().trim().min(1, 'must not be empty').default('sa-east-1'),
  COGNITO_ENDPOINT: optionalUrl(['http:', 'https:']),
  /** Where the external pool's signing keys are (default `{COGNITO_ISSUER}/.well-known/jwks.json`). */
  COGNITO_JWKS_URL: optionalUrl(['http:', 'https:']),
  /** The token group (`cognito:groups`) whose members are the tenant's admins; everyone else is an agent. */
  ADMIN_GROUP: z.string().trim().min(1, 'must not be empty').max(128).default('admin'),
  /** Invitation mails (new and re-sent) one organisation may send per hour, counted across processes. */
  INVITATIONS_PER_TENANT_PER_HOUR: wholeNumber(1, 100_000, 30),
  TRUST_PROXY: trustProxy,
  // Identity provider limits per client address (docs/SECURITY.md): sized for an office behind one
  // NAT address; the per-account limits are fixed.
  SIGNIN_LIMIT_PER_ADDRESS_PER_MINUTE: wholeNumber(1, 1_000_000, 100),
  RESET_LIMIT_PER_ADDRESS_PER_HOUR: wholeNumber(1, 1_000_000, 30),
  // HTTP server limits (see docs/SECURITY.md): slow clients must not hold sockets.
  HTTP_HEADERS_TIMEOUT_MS: wholeNumber(1000, 60_000, 10_000, ' of milliseconds'),
  HTTP_REQUEST_TIMEOUT_MS: wholeNumber(1000, 300_000, 30_000, ' of milliseconds'),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: wholeNumber(1000, 120_000, 5_000, ' of milliseconds'),
  HTTP_MAX_CONNECTIONS: wholeNumber(100, 1_000_000, 8_000),
  // Database limits: a locked or slow database answers 503 within seconds instead of hanging.
  DB_STATEMENT_TIMEOUT_MS: wholeNumber(100, 600_000, 10_000, ' of milliseconds'),
  DB_LOCK_TIMEOUT_MS: wholeNumber(100, 600_000, 3_000, ' of milliseconds'),
  DB_CONNECT_TIMEOUT_MS: wholeNumber(100, 60_000, 3_000, ' of milliseconds'),
  /** PostgreSQL connections per process (mind max_connections: processes × this + 2 each). */
  DB_POOL_MAX: wholeNumber(1, 1000, 10),
  // Live notification streams (GET /notifications/stream; docs/SECURITY.md), per process: open
  // streams per user and per tenant (a 429 beyond them), and how many of the tenant's newest
  // notifications a Last-Event-ID replay reads at most (what it costs, however much is muted).
  NOTIFICATION_STREAMS_PER_USER: wholeNumber(1, 1_000, 5),
  NOTIFICATION_STREAMS_PER_TENANT: wholeNumber(1, 1_000_000, 200),
  NOTIFICATION_REPLAY_WINDOW: wholeNumber(1, 100_000, 1_000),
  // /api/v1 request limits (429 beyond them); generous for people, tight for scripts.
  API_RATE_LIMIT_PER_USER_PER_MINUTE: wholeNumber(1, 10_000_000, 600),
  API_RATE_LIMIT_PER_TENANT_PER_MINUTE: wholeNumber(1, 100_000_000, 6_000),
  /** How often each process adds its request counts to the shared ones in the database. */
  API_RATE_LIMIT_SYNC_MS: wholeNumber(50, 60_000, 2_000, ' of milliseconds'),
  /**
   * The load shedding's threshold: 503 + Retry-After while the event loop's mean delay over a
   * one-second sample is above it (a process really stuck, not merely busy).
   */
  OVERLOAD_EVENT_LOOP_DELAY_MS: wholeNumber(100, 60_000, 1_000, ' of milliseconds'),
  /** Worker threads for CPU-heavy work (analysis, password strength); default: cores − 1, at least 1. */
  WORKER_THREADS: wholeNumber(1, 64, Math.max(1, os.availableParallelism() - 1)),
  /** How often the SLA monitor looks for customers waiting past their tenant's limit. */
  SLA_CHECK_INTERVAL_SECONDS: wholeNumber(1, 3600, 30, ' of seconds'),
  /** Rows the tickets' CSV export reads per short transaction while it streams. */
  TICKETS_EXPORT_CHUNK_ROWS: wholeNumber(1, 10_000, 1_000),
  // Exports (tickets CSV, feedback JSONL; lib/exports.ts, docs/SECURITY.md): one page of an export
  // holds at most about this many bytes of text, whatever its row count; a client that has taken
  // nothing for the idle time is cut off; concurrent exports per user and per tenant in a process.
  EXPORT_PAGE_MAX_BYTES: wholeNumber(65_536, 268_435_456, 4_194_304, ' of bytes'),
  EXPORT_IDLE_TIMEOUT_MS: wholeNumber(100, 600_000, 30_000, ' of milliseconds'),
  EXPORT_MAX_PER_USER: wholeNumber(1, 1_000, 2),
  EXPORT_MAX_PER_TENANT: wholeNumber(1, 10_000, 4),
  /**
   * The key that encrypts stored secrets (the DigiSac tokens): 32 bytes as 64 hex digits or as
   * base64, or a passphrase of at least 32 characters (hashed to 32 bytes with SHA-256). Required
   * with DATABASE_URL (every process must share it); on PGlite, absent means a key generated into
   * DATA_DIR/secret.key on first start (lib/secrets.ts).
   */
  SECRET_KEY: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be 32 bytes as 64 hex digits or base64, or a passphrase of at least 32 characters',
  }),
  /**
   * Web Push's VAPID key pair (issue 34): the P-256 public key (65 bytes, base64url) the browsers
   * subscribe with and its private key (32 bytes, base64url); `npm run admin -- vapid-keys` prints a
   * new pair. Required with DATABASE_URL (every process signs with the same pair, and changing it
   * voids every subscription); on PGlite, absent means a pair generated into DATA_DIR/vapid.json.
   */
  VAPID_PUBLIC_KEY: optionalText.refine((v) => v === undefined || base64urlBytes(v) === 65, {
    message: 'must be a P-256 public key: 65 bytes in base64url (npm run admin -- vapid-keys)',
  }),
  VAPID_PRIVATE_KEY: optionalText.refine((v) => v === undefined || base64urlBytes(v) === 32, {
    message: 'must be a P-256 private key: 32 bytes in base64url (npm run admin -- vapid-keys)',
  }),
  /** Who the push services may contact about our pushes: a mailto: or https: URI (default: PUBLIC_URL if https, else a mailto:). */
  VAPID_SUBJECT: optionalText.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        const url = new URL(v);
        return url.protocol === 'mailto:' ? url.pathname.includes('@') : url.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { message: 'must be a mailto: address or an https: URL (e.g. mailto:suporte@empresa.com.br)' },
  ),
  /** Lets Web Push reach private addresses and http:// push services (development, tests). */
  PUSH_ALLOW_PRIVATE_HOSTS: z
    .enum(['true', 'false', ''], { message: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  /** One push request (connect, answer, body) must end within this. */
  PUSH_TIMEOUT_MS: wholeNumber(100, 120_000, 10_000, ' of milliseconds'),
  /** Push requests in flight at once per process. */
  PUSH_MAX_CONCURRENT: wholeNumber(1, 1_000, 8),
  /** Lets the DigiSac integration reach private addresses and http:// hosts (development, tests). */
  DIGISAC_ALLOW_PRIVATE_HOSTS: z
    .enum(['true', 'false', ''], { message: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  /** The whole DigiSac call (connect, answer, body) must end within this. */
  DIGISAC_TIMEOUT_MS: wholeNumber(100, 120_000, 10_000, ' of milliseconds'),
  /** A DigiSac answer's body beyond this many bytes is cut (502). */
  DIGISAC_MAX_RESPONSE_BYTES: wholeNumber(1024, 100 * 1024 * 1024, 5 * 1024 * 1024, ' of bytes'),
  /**
   * A DigiSac answer with more JSON values than this (objects, arrays and commas counted before
   * parsing) is refused (502) instead of parsed: 5 MB of `{},` would be 1.7 M objects.
   */
  DIGISAC_MAX_RESPONSE_VALUES: wholeNumber(100, 10_000_000, 100_000),
  /**
   * Calls ingestion makes to one tenant's DigiSac per second, counted in the database across every
   * server process (DigiSac documents no limit; integrators are asked to be gentle).
   */
  DIGISAC_MAX_REQUESTS_PER_SECOND: wholeNumber(1, 100, 5),
  /**
   * The webhook intake of one tenant: events per second sustained, and the burst it may send at
   * once; beyond, a 429 with Retry-After (counted in the database across every process).
   */
  DIGISAC_INTAKE_EVENTS_PER_SECOND: wholeNumber(1, 1_000_000, 200),
  DIGISAC_INTAKE_BURST: wholeNumber(1, 10_000_000, 2_000),
  /** A DigiSac ticket's conversation is analysed again at most once per this while messages arrive. */
  DIGISAC_TICKET_ANALYSIS_DEBOUNCE_SECONDS: wholeNumber(1, 86_400, 60, ' of seconds'),
  /** The catch-up sync's interval: tickets updated since its last run are read again from DigiSac. */
  DIGISAC_SYNC_INTERVAL_SECONDS: wholeNumber(10, 86_400, 300, ' of seconds'),
  /**
   * With an LLM configured, one tenant's live DigiSac customer messages it analyses per minute
   * (counted across processes); the rest, and all history, are analysed offline only. 0: none.
   */
  DIGISAC_LLM_MESSAGES_PER_MINUTE: wholeNumber(0, 100_000, 30),
  /**
   * Name servers for the DNS look-ups of tenant-typed hosts (comma-separated `ip` or `ip:port`,
   * `[ipv6]:port`); default: the system's (dns.getServers()). Resolved off the thread pool.
   */
  DNS_SERVERS: optionalText.pipe(
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        const servers = value.split(',').map((s) => s.trim());
        const valid = (s: string) => {
          const m = /^\[([0-9a-fA-F:.]+)\](?::(\d{1,5}))?$|^([0-9.]+)(?::(\d{1,5}))?$|^([0-9a-fA-F:]+)$/.exec(
            s,
          );
          if (!m) return false;
          const address = m[1] ?? m[3] ?? m[5] ?? '';
          const port = Number(m[2] ?? m[4] ?? 53);
          return net.isIP(address) !== 0 && port >= 1 && port <= 65535;
        };
        if (!servers.every(valid)) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be a comma-separated list of IP addresses, each optionally with :port',
          });
          return z.NEVER;
        }
        return servers;
      }),
  ),
  /** One look-up's deadline; a name that does not answer in time counts as not resolving. */
  DNS_TIMEOUT_MS: wholeNumber(100, 60_000, 3_000, ' of milliseconds'),
  /** Look-ups running at once per process; beyond, the request answers 429 at once. */
  DNS_MAX_CONCURRENT_LOOKUPS: wholeNumber(1, 10_000, 32),
  /** Of those, look-ups at once for one tenant (settings, connection test, DigiSac calls). */
  DNS_MAX_CONCURRENT_LOOKUPS_PER_TENANT: wholeNumber(1, 10_000, 4),
  LOG_LEVEL: z.enum(logLevels, { message: `must be one of ${logLevels.join(', ')}` }).default('info'),
});

/** Never echoed in a ConfigError (it would land in logs). */
const secretNames = new Set(['SECRET_KEY', 'OPENAI_API_KEY', 'DEMO_PASSWORD', 'VAPID_PRIVATE_KEY']);

/**
 * The URL variables: any of them may carry a password (user-info, a query's `api_key=`), and the
 * values a ConfigError shows are the ones that failed validation — malformed, so where the
 * secret sits cannot be trusted (`postgres://user:secret/db` has no `@`; `host=db password=x` is
 * libpq's other form).
 */
const urlNames = new Set([
  'PUBLIC_URL',
  'DATABASE_URL',
  'SMTP_URL',
  'OPENAI_BASE_URL',
  'COGNITO_ISSUER',
  'COGNITO_ENDPOINT',
  'COGNITO_JWKS_URL',
]);

/**
 * A value as a ConfigError may show it. A URL variable: only its scheme and host
 * (`postgres://db:5432`) when it parses as a URL with a host, otherwise `(hidden)`. Any other
 * value: a user-info (`user:password@`) and a query string are masked.
 */
export function shownValue(name: string, value: string): string {
  if (urlNames.has(name)) {
    try {
      const url = new URL(value.trim());
      return url.host === '' ? '(hidden)' : `${url.protocol}//${url.host}`;
    } catch {
      return '(hidden)';
    }
  }
  const at = value.lastIndexOf('@');
  let shown = value;
  if (at !== -1) {
    const scheme = /^[a-z][a-z0-9+.-]*:\/*/i.exec(value)?.[0] ?? '';
    shown = `${scheme}***${value.slice(at)}`;
  }
  return shown.replace(/\?.*$/s, (query) => (query.length > 1 ? '?***' : query));
}

export type Config = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL'> & { PUBLIC_URL: string };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment once; throws ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        const value = secretNames.has(name) ? undefined : env[name];
        return `${name}: ${issue.message}${value === undefined ? '' : ` (got ${JSON.stringify(shownValue(name, value))})`}`;
      }),
    );
  }
  const cfg = parsed.data;
  const problems: string[] = [];
  if (cfg.COGNITO_ISSUER && !cfg.COGNITO_CLIENT_ID) {
    problems.push('COGNITO_CLIENT_ID: required when COGNITO_ISSUER is set');
  }
  if (cfg.OPENAI_BASE_URL && !cfg.OPENAI_MODEL) {
    problems.push('OPENAI_MODEL: required when OPENAI_BASE_URL is set');
  }
  if (cfg.DATABASE_URL && !cfg.SECRET_KEY) {
    problems.push(
      'SECRET_KEY: required when DATABASE_URL is set (every process must share the key that encrypts ' +
        'stored secrets); e.g. the output of `openssl rand -base64 32`',
    );
  }
  if (Boolean(cfg.VAPID_PUBLIC_KEY) !== Boolean(cfg.VAPID_PRIVATE_KEY)) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both (one pair) or neither');
  } else if (cfg.DATABASE_URL && !cfg.VAPID_PUBLIC_KEY) {
    problems.push(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: required when DATABASE_URL is set (every process signs ' +
        'Web Push with the same pair); e.g. the output of `npm run admin -- vapid-keys`',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const shownHost = cfg.HOST === '0.0.0.0' || cfg.HOST === '::' ? '127.0.0.1' : cfg.HOST;
  return {
    ...cfg,
    DATA_DIR: path.resolve(cfg.DATA_DIR),
    WEB_DIST_DIR: path.resolve(cfg.WEB_DIST_DIR),
    MIGRATIONS_DIR: path.resolve(cfg.MIGRATIONS_DIR),
    PUBLIC_URL: (cfg.PUBLIC_URL ?? `http://${shownHost}:${cfg.PORT}`).replace(/\/+$/, ''),
  };
}
