import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';

/** A periodic job: `run` must be idempotent (a leader change may run it twice near the switch). */
export interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<void>;
  /**
   * Runs in every process, not only the leader's: work the processes share by claiming it (the
   * DigiSac inbox), where more processes mean more throughput.
   */
  everyProcess?: boolean;
}

/**
 * The periodic jobs of the app, all listed in jobs.ts (`app.workers.schedule`), run only when the app was
 * built with `workers: true` (the server; tests ask for it). With several processes on one
 * PostgreSQL only the leader (database.isLeader: an advisory lock) runs them, so each runs once per
 * interval across processes (unless `everyProcess`); a job never overlaps itself.
 */
export class Workers {
  private readonly jobs: Job[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private started = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  schedule(job: Job) {
    if (this.jobs.some((j) => j.name === job.name)) throw new Error(`job ${job.name} scheduled twice`);
    this.jobs.push(job);
    if (this.started) this.startJob(job);
  }

  start() {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs) this.startJob(job);
  }

  /** Runs one job now if this process leads (tests use it). Answers whether it ran. */
  async runNow(name: string): Promise<boolean> {
    const job = this.jobs.find((j) => j.name === name);
    if (!job) throw new Error(`no job ${name}`);
    return this.tick(job);
  }

  async stop() {
    this.started = false;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await Promise.allSettled([...this.running.values()]);
  }

  private startJob(job: Job) {
    // A first run soon after start (jittered, so replicas started together don't collide):
    // processes restarted more often than an hourly job's interval still run it.
    const first = setTimeout(() => void this.tick(job), Math.random() * Math.min(job.everyMs, 10_000));
    const timer = setInterval(() => void this.tick(job), job.everyMs);
    first.unref();
    timer.unref();
    this.timers.push(first, timer);
  }

  private async tick(job: Job): Promise<boolean> {
    if (this.running.has(job.name)) return false;
    const work = (async () => {
      if (!job.everyProcess && !(await this.database.isLeader())) return false;
      await job.run();
      return true;
    })();
    const settled = work.then(
      () => {},
      (err) => this.log.error({ err, job: job.name }, 'periodic job failed'),
    );
    this.running.set(job.name, settled);
    try {
      return await work.catch(() => false);
    } finally {
      this.running.delete(job.name);
    }
  }
}
