import { Search, X } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from './button.tsx';
import { cn } from './cn.ts';
import { TextField } from './text-field.tsx';

interface SearchFormProps {
  label: string;
  placeholder?: string;
  /** The search in force; the field shows it until the user types. */
  value: string;
  /** Called with the trimmed text on submit (the button or Enter). */
  onSearch: (text: string) => void;
  submitLabel?: string;
  /** Adds 'Limpar', which empties the field and searches for everything. */
  clearable?: boolean;
  className?: string;
}

/** A list's search box: typing changes nothing until it is submitted. */
export function SearchForm({
  label,
  placeholder,
  value,
  onSearch,
  submitLabel = 'Buscar',
  clearable = false,
  className,
}: SearchFormProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(text.trim());
  }

  return (
    <form noValidate onSubmit={submit} className={cn('flex flex-wrap items-end gap-2', className)}>
      <TextField
        label={label}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        className="min-w-0 flex-1 basis-56"
      />
      <Button type="submit" variant="secondary">
        <Search className="size-4" aria-hidden="true" />
        {submitLabel}
      </Button>
      {clearable && (
        <Button
          variant="secondary"
          onClick={() => {
            setText('');
            onSearch('');
          }}
          disabled={!text && !value}
        >
          <X className="size-4" aria-hidden="true" />
          Limpar
        </Button>
      )}
    </form>
  );
}
