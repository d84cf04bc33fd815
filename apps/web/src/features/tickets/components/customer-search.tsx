import type { Ref } from 'react';
import { type PickerOption, SearchPicker } from '../../../components/search-picker.tsx';
import {
  CUSTOMER_SEARCH_MIN_LENGTH,
  customerSearchKey,
  searchCustomers,
} from '../../../lib/customer-search.ts';

interface CustomerSearchProps {
  value: PickerOption | null;
  onChange: (customer: PickerOption | null) => void;
  onBlur?: () => void;
  /** The input (react-hook-form focuses it on the server's refusal). */
  ref?: Ref<HTMLInputElement>;
  disabled?: boolean;
  /** The server's refusal of the chosen customer ('Cliente não encontrado.'). */
  error?: string;
}

/**
 * Optional customer of a new ticket: searches by name or document (not e-mail or company) from
 * 2 characters, showing up to 10 with the document formatted; the chosen one's document shows under it.
 */
export function CustomerSearch(props: CustomerSearchProps) {
  return (
    <SearchPicker
      {...props}
      label="Cliente"
      hint={props.value ? undefined : `Opcional. Digite ao menos ${CUSTOMER_SEARCH_MIN_LENGTH} caracteres.`}
      placeholder="Buscar por nome ou documento"
      search={searchCustomers}
      searchKey={customerSearchKey()}
      minLength={CUSTOMER_SEARCH_MIN_LENGTH}
    />
  );
}
