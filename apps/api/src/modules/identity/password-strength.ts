import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as ptBr from '@zxcvbn-ts/language-pt-br';

// Runs on the CPU pool's worker threads (zxcvbn takes up to ~0.4 s on long input).

/** zxcvbn scores only this much of a password: its cost grows fast with length. */
export const scoredLength = 64;

let zxcvbn: ZxcvbnFactory | undefined;

/** The zxcvbn score (0–4) of a password, given the user's own words (e-mail parts) to penalise. */
export function passwordStrength(input: { password: string; userInputs: string[] }): number {
  zxcvbn ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...ptBr.dictionary, userInputs: input.userInputs },
    graphs: common.adjacencyGraphs,
    translations: ptBr.translations,
  });
  return zxcvbn.check(input.password.slice(0, scoredLength), input.userInputs).score;
}
