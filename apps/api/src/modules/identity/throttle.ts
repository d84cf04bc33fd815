import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/** Thrown when a bounded queue is full: the caller refuses at once (TooManyRequests). */
export class Saturated extends Error {}

/**
 * Runs at most `concurrency` tasks at once, with at most `maxWaiting` queued. Password hashing
 * goes through one: argon2 runs on libuv's thread pool, and a flood of sign-ins would otherwise
 * take every core (and the pool the database driver and fs share) from the API.
 */
export class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency = Math.max(1, availableParallelism() - 1),
    private readonly maxWaiting = 200,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new Saturated('hash queue full');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/**
 * Slows suspicious requests down instead of refusing them instantly (an instant refusal invites
 * thousands of retries a second): each waits up to `maxDelayMs`, at most `maxDelayed` at once;
 * beyond that `delay` answers false and the caller refuses at once.
 */
export class Brake {
  private delayed = 0;

  constructor(
    private readonly maxDelayed = 200,
    private readonly maxDelayMs = 1000,
  ) {}

  async delay(ms: number): Promise<boolean> {
    if (this.delayed >= this.maxDelayed) return false;
    this.delayed++;
    try {
      await sleep(Math.min(ms, this.maxDelayMs));
      return true;
    } finally {
      this.delayed--;
    }
  }
}
