import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { TextField, type TextFieldProps } from './text-field.tsx';

/** A password input with a button that shows what was typed (helps on phones, WCAG 3.3.8). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'endAdornment'>) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          aria-label="Mostrar senha"
          aria-pressed={visible}
          disabled={props.disabled}
          onClick={() => setVisible((shown) => !shown)}
          className="flex size-8 items-center justify-center rounded text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Icon className="size-4" aria-hidden="true" />
        </button>
      }
    />
  );
}
