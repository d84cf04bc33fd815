import fs from 'node:fs';
import path from 'node:path';
import { expect, vi } from 'vitest';

/**
 * Reads the mail outbox of a server without SMTP_URL (DATA_DIR/outbox/*.eml; mail is queued):
 * each call waits for a mail to `email` newer than the last one it returned, and answers its text.
 */
export function outboxReader(dataDir: string) {
  const outbox = path.join(dataDir, 'outbox');
  const seen = new Map<string, number>();
  return async (email: string) => {
    let files: string[] = [];
    await vi.waitFor(
      () => {
        files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes(email)) : [];
        expect(files.length).toBeGreaterThan(seen.get(email) ?? 0);
      },
      { timeout: 5000, interval: 20 },
    );
    seen.set(email, files.length);
    return fs.readFileSync(path.join(outbox, files.sort().at(-1) ?? ''), 'utf8');
  };
}
