import type { ChangeEvent } from 'react';
import { TextField, type TextFieldProps } from './text-field.tsx';

/** Digits as typed or pasted → 'dd/mm/aaaa' with the slashes put in (at most 8 digits). */
export function maskDay(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

interface DateFieldProps extends Omit<TextFieldProps, 'type' | 'inputMode' | 'onChange' | 'value'> {
  /** The text as shown ('02/06/2025', or part of it). */
  value: string;
  onValueChange: (text: string) => void;
}

/**
 * A day typed as dd/mm/aaaa whatever the browser's locale (a native date input follows the
 * browser's: mm/dd/yyyy in an en-US one). lib/format's inputToDay turns the text into YYYY-MM-DD
 * and says when it is not a real day.
 */
export function DateField({ value, onValueChange, ...props }: DateFieldProps) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="off"
      placeholder="dd/mm/aaaa"
      maxLength={10}
      value={value}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onValueChange(maskDay(event.target.value))}
      {...props}
    />
  );
}
