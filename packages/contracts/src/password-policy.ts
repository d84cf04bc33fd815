// The password policy's words, shared by the identity provider (which enforces it) and the web app
// (which states it before the person types): plain data, no zod (`@atende/contracts/password-policy`).

/** Fewer characters are refused outright; zxcvbn judges the rest. */
export const passwordMinLength = 10;

/** The rule, shown under every new-password field. */
export const passwordRule =
  'Use pelo menos 10 caracteres, com letras maiúsculas e minúsculas, números e símbolos. Evite senhas comuns, sequências e o seu e-mail.';

/** Why the provider refuses a new password: its InvalidPasswordException message, shown as is. */
export const passwordProblems = {
  tooShort: 'A senha deve ter pelo menos 10 caracteres.',
  noLowercase: 'A senha deve ter pelo menos uma letra minúscula.',
  noUppercase: 'A senha deve ter pelo menos uma letra maiúscula.',
  noDigit: 'A senha deve ter pelo menos um número.',
  noSymbol: 'A senha deve ter pelo menos um símbolo, como ! @ # $ % ou espaço.',
  containsEmail: 'A senha não pode conter o seu e-mail.',
  guessable: 'A senha é fácil de adivinhar. Use uma frase longa ou misture palavras pouco comuns.',
} as const;

export type PasswordProblem = (typeof passwordProblems)[keyof typeof passwordProblems];

/** The sentence above that a provider's message holds, if any (not, say, Cognito's English). */
export function passwordProblemIn(message: string): PasswordProblem | undefined {
  return Object.values(passwordProblems).find((problem) => message.includes(problem));
}
