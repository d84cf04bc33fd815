// Entry of the CPU pool's worker threads when the server runs from source (tests, benches): a
// worker thread does not inherit the main thread's TypeScript loader, so it registers tsx itself,
// then loads the tasks (src/cpu-tasks.ts; a static `export … from` would load them before tsx is
// registered).
// The built server uses its bundle of cpu-tasks.ts instead (pool.ts).
import { register } from 'tsx/esm/api';

register();
export const { analyzeMessage, analyzeTicket, passwordStrength, srpChallenge, srpVerify } = await import(
  '../../cpu-tasks.ts'
);
