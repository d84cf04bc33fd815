import { type Customer, formatDocument } from '@atende/contracts';
import { X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { cn, focusRing } from '../../../components/ui/cn.ts';
import { controlClass, Field } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { CUSTOMER_SEARCH_MIN_LENGTH, useCustomerSearch } from '../api/search-customers.ts';

export interface SelectedCustomer {
  id: string;
  name: string;
  document: string;
}

interface CustomerSearchProps {
  value: SelectedCustomer | null;
  onChange: (customer: SelectedCustomer | null) => void;
  disabled?: boolean;
  /** The server's refusal of the chosen customer ('Cliente não encontrado.'). */
  error?: string;
}

function useDebounced(value: string, delay = 250) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * Optional customer of a new ticket: a combobox searching by name or document from 2 characters,
 * not e-mail or company, showing up to 10 (name and the document formatted); arrows, Enter and Escape work as in a native list.
 */
export function CustomerSearch({ value, onChange, disabled = false, error }: CustomerSearchProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const debounced = useDebounced(term.trim());
  const search = useCustomerSearch(debounced);
  const results: Customer[] = debounced.length >= CUSTOMER_SEARCH_MIN_LENGTH ? (search.data ?? []) : [];
  const showList = open && term.trim().length >= CUSTOMER_SEARCH_MIN_LENGTH;
  const searching = search.isFetching || debounced !== term.trim();

  // Choosing swaps the input for the chosen customer and removing swaps it back: keep the
  // keyboard user's focus on what replaced the element they used.
  const inputRef = useRef<HTMLInputElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (value ? removeRef : inputRef).current?.focus();
  }, [value]);

  function choose(customer: Customer) {
    moveFocus.current = true;
    onChange({ id: customer.id, name: customer.name, document: customer.document });
    setTerm('');
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (results.length === 0 ? 0 : (i + 1) % results.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (results.length === 0 ? 0 : (i - 1 + results.length) % results.length));
    } else if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey && showList) {
      const customer = results[active];
      if (customer) {
        event.preventDefault();
        choose(customer);
      }
    } else if (event.key === 'Escape' && showList) {
      event.preventDefault();
      setOpen(false);
    }
  }

  const activeId = showList && results[active] ? `${id}-option-${active}` : undefined;
  return (
    <Field
      label="Cliente"
      hint={value ? undefined : `Opcional. Digite ao menos ${CUSTOMER_SEARCH_MIN_LENGTH} caracteres.`}
      error={error}
    >
      {(control) =>
        value ? (
          <div
            className={cn(
              'flex h-10 items-center justify-between gap-2 rounded-md border bg-slate-50 px-3 text-sm',
              error ? 'border-red-600' : 'border-slate-300',
            )}
          >
            <span className="min-w-0 truncate">
              <span className="font-medium text-slate-900">{value.name}</span>{' '}
              <span className="text-slate-600">{formatDocument(value.document)}</span>
            </span>
            <button
              type="button"
              ref={removeRef}
              id={control.id}
              aria-describedby={control['aria-describedby']}
              onClick={() => {
                moveFocus.current = true;
                onChange(null);
              }}
              disabled={disabled}
              aria-label={`Remover cliente ${value.name}`}
              className={cn('rounded p-1 text-slate-500 hover:text-slate-800', focusRing)}
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        ) : (
          <div className="relative">
            <input
              {...control}
              ref={inputRef}
              type="text"
              role="combobox"
              autoComplete="off"
              aria-autocomplete="list"
              aria-expanded={showList}
              aria-controls={listId}
              aria-activedescendant={activeId}
              value={term}
              disabled={disabled}
              placeholder="Buscar por nome ou documento"
              onChange={(event) => {
                setTerm(event.target.value);
                setActive(0);
                setOpen(true);
              }}
              onFocus={() => setOpen(true)}
              onBlur={() => setOpen(false)}
              onKeyDown={onKeyDown}
              className={controlClass(error, 'h-10 px-3')}
            />
            <div
              className={cn(
                'absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg',
                !showList && 'hidden',
              )}
            >
              {showList && searching && results.length === 0 ? (
                <div className="px-3 py-2">
                  <Spinner label="Buscando clientes…" />
                </div>
              ) : showList && search.isError ? (
                <p role="alert" className="px-3 py-2 text-sm text-red-700">
                  Não foi possível buscar clientes. Tente de novo.
                </p>
              ) : showList && results.length === 0 ? (
                <p role="status" className="px-3 py-2 text-sm text-slate-600">
                  Nenhum cliente encontrado.
                </p>
              ) : showList ? (
                <p role="status" className="sr-only">
                  {results.length} {results.length === 1 ? 'cliente encontrado' : 'clientes encontrados'}
                </p>
              ) : null}
              <div id={listId} role="listbox" aria-label="Clientes encontrados">
                {showList &&
                  results.map((customer, index) => (
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard
                    <div
                      key={customer.id}
                      tabIndex={-1}
                      id={`${id}-option-${index}`}
                      role="option"
                      aria-selected={index === active}
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => choose(customer)}
                      onMouseEnter={() => setActive(index)}
                      className={cn(
                        'flex cursor-pointer flex-wrap justify-between gap-x-3 px-3 py-2 text-sm',
                        index === active ? 'bg-brand-50' : '',
                      )}
                    >
                      <span className="font-medium text-slate-900">{customer.name}</span>
                      <span className="text-slate-600">{formatDocument(customer.document)}</span>
                    </div>
                  ))}
              </div>
            </div>
          </div>
        )
      }
    </Field>
  );
}
