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

  /** Whether `run` would refuse now (every slot busy and the queue full). */
  get saturated() {
    return this.running >= this.concurrency && this.waiting.length >= this.maxWaiting;
  }

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

/**
 * The address a per-address limit counts: an IPv4 address as is (also when IPv4-mapped), an
 * IPv6 address by its /64 network, which one host or customer usually holds whole (otherwise a
 * single machine would have 2^64 addresses to rotate through).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - headParts.length - tailParts.length;
  const groups = [...headParts, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailParts];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}
