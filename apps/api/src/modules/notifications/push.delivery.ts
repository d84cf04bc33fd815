import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { withSystem } from '../../db/system.ts';
import { type HostResolver, hostResolverFor } from '../../lib/ssrf.ts';
import { type PushOutcome, sendPush } from './push.client.ts';
import { loadVapidKeys } from './push.keys.ts';
import * as repo from './push.repo.ts';
import { topicOf } from './push.service.ts';

/** web-push (and its crypto stack), loaded by the first delivery: a start sends nothing (issue 33). */
let webPushModule: Promise<typeof import('web-push')> | undefined;
const webPush = async () => {
  webPushModule ??= import('web-push');
  const loaded = await webPushModule;
  return (loaded as { default?: typeof loaded }).default ?? loaded;
};

// The web-push workers (issue 34): read the outbox's due rows (claimed FOR UPDATE SKIP LOCKED in a
// short transaction, which commits before anything is sent), send each through our bounded client
// (push.client.ts) at most PUSH_MAX_CONCURRENT at once per process, outside any transaction, then
// record the outcomes in one more short transaction: sent → the row goes; 404/410 → the device
// goes (with its pending pushes); anything else → tried again after 30 s, 2 min, 10 min, then
// hourly, and given up (logged) once the push is older than its TTL (24 h). Run by the periodic
// job `web-push` (jobs.ts: the leader, every 15 s: the retries) and woken after each commit that
// queued pushes (in every process: the claim keeps two from sending one row).

/** A push service keeps an undelivered push this long (TTL header), and we try this long. */
export const pushTtlSeconds = 86_400;
/** The waits before attempts 2, 3, 4, then every hour. */
export const pushBackoffSeconds = [30, 120, 600, 3600];
/** A claimed row is tried again after this if its process dies before recording the outcome. */
const leaseSeconds = 300;
const batchSize = 50;

export function backoffSeconds(attempts: number) {
  return pushBackoffSeconds[Math.min(attempts, pushBackoffSeconds.length) - 1] ?? 3600;
}

type DeliveryConfig = Pick<
  Config,
  | 'VAPID_PUBLIC_KEY'
  | 'VAPID_PRIVATE_KEY'
  | 'VAPID_SUBJECT'
  | 'PUBLIC_URL'
  | 'DATA_DIR'
  | 'PUSH_ALLOW_PRIVATE_HOSTS'
  | 'PUSH_TIMEOUT_MS'
  | 'PUSH_MAX_CONCURRENT'
  | 'DNS_SERVERS'
  | 'DNS_TIMEOUT_MS'
  | 'DNS_MAX_CONCURRENT_LOOKUPS'
  | 'DNS_MAX_CONCURRENT_LOOKUPS_PER_TENANT'
>;

export interface DeliveryResult {
  sent: number;
  gone: number;
  retried: number;
  givenUp: number;
}

export class PushDelivery {
  private readonly resolver: HostResolver;
  private running: Promise<DeliveryResult> | undefined;
  private again = false;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly config: DeliveryConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    this.resolver = hostResolverFor(config);
  }

  /** After a commit that queued pushes: deliver now (a run under way runs once more after). */
  wake() {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.deliverDue().catch((err) => this.log.error({ err }, 'web push delivery failed'));
  }

  /** No wake-ups any more (the app closes); waits for a run under way. */
  async close() {
    this.closed = true;
    await this.running?.catch(() => {});
  }

  /** Delivers what is due, batch after batch, for at most ~20 s; one run at a time per process. */
  deliverDue(): Promise<DeliveryResult> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = (async () => {
      const total: DeliveryResult = { sent: 0, gone: 0, retried: 0, givenUp: 0 };
      const until = Date.now() + 20_000;
      do {
        this.again = false;
        for (;;) {
          const batch = await this.deliverBatch();
          total.sent += batch.result.sent;
          total.gone += batch.result.gone;
          total.retried += batch.result.retried;
          total.givenUp += batch.result.givenUp;
          if (batch.claimed < batchSize || Date.now() > until || this.closed) break;
        }
      } while (this.again && !this.closed && Date.now() <= until);
      return total;
    })();
    this.running = run;
    return run.finally(() => {
      this.running = undefined;
      // A wake-up that came after the run's last look (or past its time) is not lost.
      if (this.again && !this.closed) {
        this.again = false;
        this.wake();
      }
    });
  }

  private async deliverBatch() {
    const result: DeliveryResult = { sent: 0, gone: 0, retried: 0, givenUp: 0 };
    const claimed = await withSystem(this.db, 'web-push', (tx) => repo.claimDue(tx, batchSize, leaseSeconds));
    if (claimed.length === 0) return { claimed: 0, result };
    const keys = loadVapidKeys(this.config);
    const outcomes = await mapBounded(claimed, this.config.PUSH_MAX_CONCURRENT, (push) =>
      this.send(push, keys),
    );
    const done: { tenantId: string; id: string }[] = [];
    const gone: { tenantId: string; subscriptionId: string }[] = [];
    const later: { tenantId: string; id: string; delaySeconds: number; error: string }[] = [];
    claimed.forEach((push, i) => {
      const outcome = outcomes[i] as PushOutcome;
      const where = { tenant_id: push.tenantId, push_id: push.id, host: hostOf(push.endpoint) };
      if (outcome.kind === 'sent') {
        done.push(push);
        result.sent++;
      } else if (outcome.kind === 'gone') {
        gone.push(push);
        result.gone++;
        this.log.info({ ...where, status: outcome.status }, 'web push: device gone, subscription deleted');
      } else {
        const delaySeconds = backoffSeconds(push.attempts);
        const age = (Date.now() - Date.parse(push.createdAt)) / 1000;
        if (age + delaySeconds > pushTtlSeconds) {
          done.push(push);
          result.givenUp++;
          this.log.warn({ ...where, attempts: push.attempts, reason: outcome.reason }, 'web push given up');
        } else {
          later.push({ tenantId: push.tenantId, id: push.id, delaySeconds, error: outcome.reason });
          result.retried++;
          this.log.warn(
            { ...where, attempts: push.attempts, retry_in_s: delaySeconds, reason: outcome.reason },
            'web push failed, will retry',
          );
        }
      }
    });
    await withSystem(this.db, 'web-push', async (tx) => {
      await repo.deletePushes(tx, done);
      await repo.deleteGoneSubscriptions(tx, gone);
      await repo.postpone(tx, later);
    });
    return { claimed: claimed.length, result };
  }

  private async send(push: repo.ClaimedPush, keys: ReturnType<typeof loadVapidKeys>): Promise<PushOutcome> {
    const webpush = await webPush();
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
        push.payload,
        {
          vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: pushTtlSeconds,
          urgency: push.urgency,
          topic: topicOf(push.notificationId),
          contentEncoding: 'aes128gcm',
        },
      );
    } catch (err) {
      // Keys the browser gave that do not encrypt: this device cannot be reached, ever.
      return Promise.resolve({ kind: 'gone', status: 0, reason: (err as Error).message } as PushOutcome);
    }
    return sendPush(
      { endpoint: details.endpoint, headers: details.headers as Record<string, string>, body: details.body },
      {
        allowPrivateHosts: this.config.PUSH_ALLOW_PRIVATE_HOSTS,
        timeoutMs: this.config.PUSH_TIMEOUT_MS,
        resolver: this.resolver,
        tenantId: push.tenantId,
      },
    );
  }

  /** System: the hourly tidy-up (marks older than an hour). */
  prune() {
    return withSystem(this.db, 'web-push-prune', (tx) => repo.pruneTicketMarks(tx));
  }
}

/** The push service's host, for a log line (never the endpoint's path: it identifies the device). */
function hostOf(endpoint: string) {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'not a URL';
  }
}

/** `work` over `items`, at most `limit` at once, results in order. */
async function mapBounded<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}
