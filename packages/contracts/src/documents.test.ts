import { describe, expect, it } from 'vitest';
import {
  cpfCheckDigits,
  documentDigits,
  documentProblem,
  formatDocument,
  isValidCnpj,
  isValidCpf,
} from './documents.ts';

describe('CPF', () => {
  it('computes the two check digits of a base', () => {
    expect(cpfCheckDigits('390533447')).toBe('05');
    expect(cpfCheckDigits('529982247')).toBe('25');
    expect(cpfCheckDigits('111444777')).toBe('35');
    expect(cpfCheckDigits('100000001')).toBe('08'); // a first digit of 11 − 1 = 10 becomes 0
    expect(() => cpfCheckDigits('12345678')).toThrow(RangeError);
    expect(() => cpfCheckDigits('12345678a')).toThrow(RangeError);
  });

  it('accepts valid CPFs, bare or formatted', () => {
    for (const doc of ['390.533.447-05', '39053344705', '529.982.247-25', '11144477735', '100.000.001-08']) {
      expect(isValidCpf(doc), doc).toBe(true);
    }
  });

  it('refuses wrong check digits, lengths, letters and all-same digits', () => {
    for (const doc of [
      '123.456.789-00',
      '390.533.447-06',
      '39053344750',
      '3905334470',
      '390533447055',
      '390.533.447-0x',
      'abc.def.ghi-jk',
      '',
      '000.000.000-00',
      '111.111.111-11',
      '99999999999',
      '11.222.333/0001-81', // a CNPJ is not a CPF
    ]) {
      expect(isValidCpf(doc), doc).toBe(false);
    }
  });
});

describe('CNPJ', () => {
  it('accepts valid CNPJs, bare or formatted', () => {
    for (const doc of ['11.222.333/0001-81', '11222333000181', '11.444.777/0001-61', '45.997.418/0001-53']) {
      expect(isValidCnpj(doc), doc).toBe(true);
    }
  });

  it('refuses wrong check digits, lengths, letters and all-same digits', () => {
    for (const doc of [
      '11.222.333/0001-82',
      '11.222.333/0001-18',
      '1122233300018',
      '112223330001811',
      '11.222.333/0001-8a',
      '00.000.000/0000-00',
      '11111111111111',
      '390.533.447-05', // a CPF is not a CNPJ
      '',
    ]) {
      expect(isValidCnpj(doc), doc).toBe(false);
    }
  });
});

describe('documentProblem', () => {
  it('accepts valid CPFs and CNPJs, bare or formatted', () => {
    for (const doc of ['39053344705', '390.533.447-05', '11222333000181', '11.222.333/0001-81']) {
      expect(documentProblem(doc), doc).toBeUndefined();
    }
  });

  it('names the document whose check digits do not match, and any other length', () => {
    expect(documentProblem('12345678900')).toBe('CPF inválido: confira os dígitos.');
    expect(documentProblem('111.111.111-11')).toBe('CPF inválido: confira os dígitos.');
    expect(documentProblem('11.222.333/0001-82')).toBe('CNPJ inválido: confira os dígitos.');
    for (const doc of ['', 'abc', '123', '1234567890123']) {
      expect(documentProblem(doc), doc).toBe('Documento deve ser um CPF (11 dígitos) ou CNPJ (14 dígitos).');
    }
  });
});

describe('formatDocument', () => {
  it('formats a CPF and a CNPJ, from digits or any punctuation', () => {
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
    expect(formatDocument('529 982 247/25')).toBe('529.982.247-25');
    expect(formatDocument('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatDocument('11.222.333/0001-81')).toBe('11.222.333/0001-81');
  });

  it('shows anything else as it came', () => {
    expect(formatDocument('12345')).toBe('12345');
    expect(formatDocument('')).toBe('');
  });

  it('documentDigits keeps the digits only', () => {
    expect(documentDigits('529.982.247-25')).toBe('52998224725');
  });
});
