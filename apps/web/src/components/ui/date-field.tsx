import { useMask } from '@react-input/mask';
import { TextField, type TextFieldProps } from './text-field.tsx';

/**
 * A day typed as dd/mm/aaaa whatever the browser's locale (a native date input follows the
 * browser's: mm/dd/yyyy in an en-US one). The value is the text as typed; lib/format's
 * inputToDay turns it into YYYY-MM-DD and says when it is not a real day.
 */
export function DateField(props: Omit<TextFieldProps, 'type' | 'inputMode' | 'ref'>) {
  const ref = useMask({ mask: '__/__/____', replacement: { _: /\d/ } });
  return (
    <TextField
      ref={ref}
      inputMode="numeric"
      autoComplete="off"
      placeholder="dd/mm/aaaa"
      maxLength={10}
      {...props}
    />
  );
}
