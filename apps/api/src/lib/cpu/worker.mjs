// Entry of the CPU pool's worker threads (see pool.ts). Plain JavaScript: a worker thread does
// not inherit the main thread's TypeScript loader, so it registers tsx itself, then loads the
// tasks. Each named export is one task.
import { register } from 'tsx/esm/api';

register();
const { tasks } = await import('./tasks.ts');

export const passwordStrength = tasks.passwordStrength;
export const analyzeMessage = tasks.analyzeMessage;
export const analyzeTicket = tasks.analyzeTicket;
