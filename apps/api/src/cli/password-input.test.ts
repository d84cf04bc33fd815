import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readPasswordLine } from './password-input.ts';

describe('readPasswordLine (--password-stdin)', () => {
  it('keeps a multi-byte character split across chunks (issue 26, item 10 review)', async () => {
    const input = new PassThrough();
    const line = readPasswordLine(input);
    const bytes = Buffer.from('Coração-Ágil-2026!\nresto\n', 'utf8');
    // Cut inside 'ç' (0xC3 0xA7) and inside 'Á': each half alone is not UTF-8.
    const cuts = [bytes.indexOf(0xa7), bytes.indexOf(0x81)];
    input.write(bytes.subarray(0, cuts[0]));
    input.write(bytes.subarray(cuts[0], cuts[1]));
    input.write(bytes.subarray(cuts[1]));
    expect(await line).toBe('Coração-Ágil-2026!');
  });

  it('answers the line without its ending, or "" when the input ends at once', async () => {
    const crlf = new PassThrough();
    const line = readPasswordLine(crlf);
    crlf.end('Senha-Forte-2026!\r\n');
    expect(await line).toBe('Senha-Forte-2026!');
    const empty = new PassThrough();
    const nothing = readPasswordLine(empty);
    empty.end();
    expect(await nothing).toBe('');
  });
});
