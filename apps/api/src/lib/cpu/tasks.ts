import { analyzeMessage, analyzeTicket } from '../../modules/analysis/analysis.tasks.ts';
import { passwordStrength } from '../../modules/identity/password-strength.ts';

/** What the worker threads can do; the pool's `run(name, input)` is typed from this. */
export const tasks = {
  passwordStrength,
  analyzeMessage,
  analyzeTicket,
};

export type CpuTasks = typeof tasks;
