/**
 * Fixed-window counters in memory: enough for one process (a cluster would move them to the
 * database). Keys are e.g. `ip:1.2.3.4` or `user:ana@x.com`.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Whether the key has used up its window. */
  isBlocked(key: string, now = Date.now()) {
    const window = this.windows.get(key);
    return window !== undefined && window.resetAt > now && window.count >= this.limit;
  }

  /** Counts one event; returns true when this one went over the limit. */
  hit(key: string, now = Date.now()) {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
      if (this.windows.size > 10_000) this.sweep(now);
    }
    window.count++;
    return window.count > this.limit;
  }

  reset(key: string) {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
