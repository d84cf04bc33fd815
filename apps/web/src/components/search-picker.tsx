import { type QueryKey, useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { type KeyboardEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { cn, focusRing } from './ui/cn.ts';
import { controlClass, Field } from './ui/field.tsx';

/** One thing a SearchPicker offers: what is stored (`id`) and what is shown. */
export interface PickerOption {
  id: string;
  label: string;
  /** A second line of context (a document, a customer's name). */
  detail?: string;
}

export interface SearchPickerProps {
  label: string;
  /** The chosen option, or null. */
  value: PickerOption | null;
  onChange: (option: PickerOption | null) => void;
  /** Finds the options for a text (at least `minLength` characters, trimmed). */
  search: (text: string, signal: AbortSignal) => Promise<PickerOption[]>;
  /** Caches the searches: the text is appended to it. */
  searchKey: QueryKey;
  minLength?: number;
  placeholder?: string;
  hint?: string;
  error?: string;
  hideLabel?: boolean;
  disabled?: boolean;
  className?: string;
  /** The input (react-hook-form focuses it on an error). */
  ref?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}

const DEBOUNCE_MS = 250;

function useDebounced(value: string, delay = DEBOUNCE_MS) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * A searchable picker (ARIA combobox with a listbox): typing searches after a short pause, the
 * arrows move through the options, Enter chooses, Escape closes the list (a second Escape puts
 * back the chosen label), and the × removes the choice. The input shows the chosen label.
 */
export function SearchPicker({
  label,
  value,
  onChange,
  search,
  searchKey,
  minLength = 2,
  placeholder,
  hint,
  error,
  hideLabel,
  disabled = false,
  className,
  ref,
  onBlur,
}: SearchPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const detailId = `${id}-detail`;
  const optionId = (index: number) => `${id}-option-${index}`;
  // null: the input shows the chosen option's label; text: the user is typing a search.
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement | null>(null);

  const term = (typed ?? '').trim();
  const debounced = useDebounced(term);
  const query = useQuery({
    queryKey: [...searchKey, debounced],
    queryFn: ({ signal }) => search(debounced, signal),
    enabled: typed !== null && debounced.length >= minLength,
    staleTime: 30_000,
  });
  const showList = open && typed !== null && term.length >= minLength;
  const waiting = debounced !== term || query.isFetching;
  const options = showList && debounced === term ? (query.data ?? []) : [];
  const activeOption = showList && active >= 0 ? options[active] : undefined;
  const status = !showList
    ? ''
    : waiting && options.length === 0
      ? 'Buscando…'
      : query.isError
        ? 'Não foi possível buscar. Tente de novo.'
        : options.length === 0
          ? 'Nenhum resultado'
          : `${options.length} ${options.length === 1 ? 'resultado' : 'resultados'}`;

  // New options: none is active until the arrows move.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the options change
  useEffect(() => setActive(-1), [query.data, debounced]);
  useEffect(() => {
    if (activeOption) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  function choose(option: PickerOption) {
    onChange(option);
    setTyped(null);
    setOpen(false);
  }

  function clear() {
    onChange(null);
    setTyped(null);
    setOpen(false);
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!showList) {
        setOpen(true);
        return;
      }
      if (count === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 ? (step > 0 ? 0 : count - 1) : (i + step + count) % count));
    } else if (event.key === 'Enter' && showList) {
      // Enter in an open list chooses; it never submits the form around it.
      event.preventDefault();
      const option = activeOption ?? (count === 1 ? options[0] : undefined);
      if (option) choose(option);
    } else if (event.key === 'Escape') {
      if (showList) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
      } else if (typed !== null) {
        event.preventDefault();
        event.stopPropagation();
        setTyped(null);
      }
    }
  }

  return (
    <Field label={label} hint={hint} error={error} hideLabel={hideLabel} className={className}>
      {(control) => (
        <div>
          <div className="relative">
            <input
              {...control}
              ref={(element) => {
                inputRef.current = element;
                if (typeof ref === 'function') ref(element);
                else if (ref) ref.current = element;
              }}
              aria-describedby={
                [control['aria-describedby'], value?.detail ? detailId : ''].filter(Boolean).join(' ') ||
                undefined
              }
              type="text"
              role="combobox"
              autoComplete="off"
              aria-autocomplete="list"
              aria-expanded={showList}
              aria-controls={listId}
              aria-activedescendant={activeOption ? optionId(active) : undefined}
              value={typed ?? value?.label ?? ''}
              placeholder={placeholder}
              disabled={disabled}
              onChange={(event) => {
                setTyped(event.target.value);
                setOpen(true);
              }}
              onKeyDown={onKeyDown}
              onBlur={() => {
                setOpen(false);
                // Emptied by hand: nothing chosen; otherwise the chosen label comes back.
                if (typed !== null && typed.trim() === '' && value) onChange(null);
                setTyped(null);
                onBlur?.();
              }}
              className={controlClass(error, cn('h-10 pl-3', value || typed ? 'pr-10' : 'pr-3'))}
            />
            {(value || typed) && !disabled && (
              <button
                type="button"
                onClick={clear}
                aria-label={value ? `Remover ${value.label}` : 'Limpar a busca'}
                title={value ? 'Remover' : 'Limpar'}
                className={cn(
                  'absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800',
                  focusRing,
                )}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            )}
            <div
              className={cn(
                'absolute inset-x-0 top-full z-30 mt-1 rounded-md border border-slate-200 bg-white py-1 shadow-lg',
                !showList && 'hidden',
              )}
            >
              {showList && options.length === 0 && (
                <p className={cn('px-3 py-2 text-sm', query.isError ? 'text-red-700' : 'text-slate-600')}>
                  {status}
                </p>
              )}
              <div id={listId} role="listbox" aria-label={label} className="max-h-72 overflow-auto">
                {options.map((option, index) => (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard
                  <div
                    key={option.id}
                    id={optionId(index)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={index === active}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(option)}
                    onMouseEnter={() => setActive(index)}
                    className={cn(
                      'cursor-pointer px-3 py-2 text-sm',
                      index === active && 'bg-brand-50',
                      option.id === value?.id && 'font-semibold',
                    )}
                  >
                    <span className="block break-words text-slate-900">{option.label}</span>
                    {option.detail && <span className="block text-xs text-slate-600">{option.detail}</span>}
                  </div>
                ))}
              </div>
            </div>
          </div>
          {value?.detail && (
            <p id={detailId} className="mt-1 truncate text-xs text-slate-600">
              {value.detail}
            </p>
          )}
          <p role="status" className="sr-only">
            {status}
          </p>
        </div>
      )}
    </Field>
  );
}
