import { randomBytes } from 'node:crypto';
import { passwordProblems, passwordRule } from '@atende/contracts/password-policy';
import { afterAll, describe, expect, it } from 'vitest';
import { CpuPool } from '../../lib/cpu/pool.ts';
import { passwordStrength, scoredLength } from './password-strength.ts';
import { emailWords, generatePassword, generatePasswordFor, newPasswordProblem } from './passwords.ts';

// The real pool: the check runs on a worker thread, as in the server.
const cpu = new CpuPool(1);
afterAll(() => cpu.close());

const email = 'joana.prado@empresa.com.br';
const problem = (password: string, of = email) => newPasswordProblem(password, of, cpu);

describe('newPasswordProblem', () => {
  it.each([
    ['Password1!', passwordProblems.guessable],
    ['Senha@123', passwordProblems.tooShort],
    ['Senha@1234', passwordProblems.guessable], // zxcvbn 3: short passwords need 4
    ['Mudar@123456', passwordProblems.guessable],
    ['Qwerty@12345', passwordProblems.guessable],
    ['Joana.Prado#2026', passwordProblems.containsEmail],
    ['Minha#JOANA.PRADO!senha7', passwordProblems.containsEmail],
  ])('refuses %s', async (password, message) => {
    expect(await problem(password)).toBe(message);
  });

  it("keeps Cognito's character classes, in pt-BR", async () => {
    expect(await problem('sabiá laranjeira 42 #')).toBe(passwordProblems.noUppercase);
    expect(await problem('SABIÁ LARANJEIRA 42 #')).toBe(passwordProblems.noLowercase);
    expect(await problem('Sabiá Laranjeira quarenta#')).toBe(passwordProblems.noDigit);
    expect(await problem('SabiaLaranjeira42Azul')).toBe(passwordProblems.noSymbol);
  });

  it("penalises the e-mail's words, for that call only", async () => {
    expect(emailWords('Joana.Prado@Empresa.com.br')).toEqual([
      'joana.prado',
      'joana',
      'prado',
      'empresa',
      'com',
    ]);
    // Rare words for anyone else; for someone at empresa.com.br named Prado, their own.
    expect(await problem('Prado1#Empres', 'x@y.z')).toBeUndefined();
    expect(await problem('Prado1#Empres', 'luis.prado@empresa.com.br')).toBe(passwordProblems.guessable);
    expect(await problem('Prado1#Empres', 'x@y.z')).toBeUndefined();
  });

  it('only refuses the name part when it has 3 or more characters', async () => {
    expect(await problem('Cavalo-Correto-Bateria-7', 'al@empresa.com.br')).toBeUndefined();
    expect(await problem('Cavalo-Correto-Bateria-7', 'cavalo@empresa.com.br')).toBe(
      passwordProblems.containsEmail,
    );
  });

  it.each([
    'Cavalo-Correto-Bateria-Grampo-7', // a passphrase
    'Sabiá laranjeira canta às 5!', // with accents and spaces
    'Kq7#vR2mX9pL4z', // 14 random characters
  ])('accepts %s', async (password) => {
    expect(await problem(password)).toBeUndefined();
  });

  it('scores only the first 64 characters, quickly, and sets no upper length', async () => {
    const random = randomBytes(3750).toString('base64'); // 5,000 characters
    const long = `Ab1!${random}`.slice(0, 5000);
    const started = performance.now();
    expect(await problem(long)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(5000); // all of it would take minutes

    // A guessable start is not rescued by what follows it.
    const guessableStart = `${'Senha@1234'.repeat(7)}${random}`;
    expect(passwordStrength({ password: guessableStart, userInputs: [] })).toBe(
      passwordStrength({ password: guessableStart.slice(0, scoredLength), userInputs: [] }),
    );
  });

  it('generates passwords that pass', async () => {
    for (let i = 0; i < 5; i++)
      expect(await problem(generatePassword(), 'demo@atende.local')).toBeUndefined();
    expect(await problem(await generatePasswordFor(email, cpu))).toBeUndefined();
  });

  it('states the rule with the same minimum length', () => {
    expect(passwordRule).toMatch(/pelo menos 10 caracteres/);
    expect(passwordProblems.tooShort).toMatch(/pelo menos 10 caracteres/);
  });
});
