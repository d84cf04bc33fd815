import { fileURLToPath } from 'node:url';
import type { Piscina } from 'piscina';
import type * as tasks from '../../cpu-tasks.ts';

type CpuTasks = typeof tasks;
type TaskName = keyof CpuTasks;

/**
 * The worker threads' entry, beside the running code: from source, worker.mjs here (tsx, then
 * ../../cpu-tasks.ts); in the server build, which bundles this code into apps/api/dist/server.mjs,
 * the bundle of cpu-tasks.ts written next to it as worker.mjs (scripts/build-server.mjs).
 */
const workerFile = fileURLToPath(new URL('./worker.mjs', import.meta.url));

/**
 * CPU-heavy work (analysis of long texts, password strength) runs on worker threads, so one
 * request never stalls the event loop that serves everyone else. `maxQueue` bounds the backlog:
 * beyond it `run` rejects at once (the caller answers 503/429) instead of queueing without end.
 */
export class CpuPool {
  /** Made by the first task: a start loads neither piscina nor a thread (issue 33). */
  private piscina: Promise<Piscina> | undefined;
  private closed = false;

  /** `onError`: a thread that failed outside a task (piscina's 'error' would end the process). */
  constructor(
    private readonly threads: number,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  private pool() {
    this.piscina ??= import('piscina').then(({ Piscina }) => {
      const piscina = new Piscina({
        filename: workerFile,
        minThreads: 0, // threads start on first use (tests build many apps) or at warm()
        maxThreads: this.threads,
        maxQueue: 2000,
        idleTimeout: 60_000,
      });
      piscina.on('error', this.onError);
      return piscina;
    });
    return this.piscina;
  }

  /**
   * Starts one thread now: it loads the analyzer (~0.5 s, seconds on a busy machine), which the
   * first sign-in after a start would otherwise wait for (SRP runs here). One, not all: the pool
   * may allow dozens, each ~150 MB from source; the rest start under load. It still leaves after
   * a quiet minute.
   */
  async warm() {
    if (this.closed) return;
    await this.run('passwordStrength', { password: 'aquecimento', userInputs: [] });
  }

  async run<N extends TaskName>(
    name: N,
    input: Parameters<CpuTasks[N]>[0],
  ): Promise<ReturnType<CpuTasks[N]>> {
    if (this.closed) throw new Error('CpuPool is closed');
    return (await this.pool()).run(input, { name });
  }

  async close() {
    this.closed = true;
    if (this.piscina) await (await this.piscina).destroy();
  }
}
