// Where `user create` takes a password from, so it never has to sit in argv (visible to every
// local user in `ps`, kept in shell history): standard input (`--password-stdin`, or implicitly
// when standard input is not a terminal and no password option is given), or a prompt that does
// not echo (standard input is a terminal and no password option is given). `--password` and
// `--temporary-password` still work (scripts rely on them) with a warning on standard error.

import { StringDecoder } from 'node:string_decoder';

/** A password longer than this is not read (the sign-in policy caps far below it). */
const maxPasswordBytes = 4096;

export class PasswordInputError extends Error {}

/**
 * The first line of standard input, without its line ending; '' when standard input ends at
 * once (empty, /dev/null). Stops reading at the first line break: the rest is left unread.
 */
export function readPasswordLine(input: NodeJS.ReadableStream = process.stdin): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    // Bytes, decoded across chunks: a character whose bytes arrive in two chunks stays whole.
    const decoder = new StringDecoder('utf8');
    const done = (error?: Error) => {
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('error', onError);
      input.pause();
      if (error) reject(error);
      else resolve(text.replace(/\r$/, ''));
    };
    const onData = (chunk: Buffer | string) => {
      text += typeof chunk === 'string' ? chunk : decoder.write(chunk);
      const end = text.indexOf('\n');
      if (end >= 0) {
        text = text.slice(0, end);
        return done();
      }
      if (Buffer.byteLength(text) > maxPasswordBytes) {
        done(
          new PasswordInputError(`the password on standard input is longer than ${maxPasswordBytes} bytes`),
        );
      }
    };
    const onEnd = () => {
      text += decoder.end();
      done();
    };
    const onError = (err: Error) => done(err);
    input.on('data', onData);
    input.on('end', onEnd);
    input.on('error', onError);
    input.resume();
  });
}

/**
 * Asks on the terminal without echoing what is typed (raw mode): Enter ends, Backspace erases,
 * Ctrl-C or Ctrl-D on an empty line cancel (PasswordInputError). The prompt goes to standard error,
 * so standard output stays what the command prints.
 */
export function promptPassword(
  prompt: string,
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const wasRaw = input.isRaw;
    let typed = '';
    output.write(prompt);
    input.setRawMode(true);
    input.setEncoding('utf8');
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(wasRaw);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || (char === '\u0004' && typed === '')) {
          return finish(new PasswordInputError('cancelled'));
        }
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else if (char >= ' ') typed += char;
        if (Buffer.byteLength(typed) > maxPasswordBytes) {
          return finish(new PasswordInputError(`the password is longer than ${maxPasswordBytes} bytes`));
        }
      }
    };
    input.on('data', onData);
    input.resume();
  });
}

export const argvPasswordWarning =
  'Warning: a password given on the command line can be read by other users of this machine (ps) ' +
  'and stays in the shell history; prefer --password-stdin, or leave the option out to be asked.';
