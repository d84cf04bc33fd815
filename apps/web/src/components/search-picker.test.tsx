import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PickerOption, SearchPicker } from './search-picker.tsx';

afterEach(cleanup);

const tickets: PickerOption[] = [
  { id: 't1', label: 'Pedido não entregue', detail: 'Maria Souza' },
  { id: 't2', label: 'Pedido atrasado' },
  { id: 't3', label: 'Sem título' },
];

function Harness({
  search,
  onChange,
}: {
  search: (text: string) => Promise<PickerOption[]>;
  onChange: (option: PickerOption | null) => void;
}) {
  const [value, setValue] = useState<PickerOption | null>(null);
  return (
    <SearchPicker
      label="Chamado"
      searchKey={['test', 'tickets']}
      search={search}
      value={value}
      onChange={(option) => {
        onChange(option);
        setValue(option);
      }}
    />
  );
}

function setup(search = vi.fn(async (text: string) => tickets.filter((t) => t.label.includes(text)))) {
  const changes: (PickerOption | null)[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness search={search} onChange={(option) => changes.push(option)} />
    </QueryClientProvider>,
  );
  return { input: screen.getByRole('combobox', { name: 'Chamado' }), search, changes };
}

describe('SearchPicker', () => {
  it('searches after a pause, moves with the arrows and chooses with Enter', async () => {
    const { input, search, changes } = setup();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
    expect(listbox?.getAttribute('role')).toBe('listbox');

    fireEvent.change(input, { target: { value: 'Pedido' } });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByText('Buscando…').length).toBeGreaterThan(0);
    await screen.findByRole('option', { name: /Pedido não entregue/ });
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('Pedido', expect.any(AbortSignal));
    expect(screen.getAllByRole('option')).toHaveLength(2);
    expect(input.getAttribute('aria-activedescendant')).toBeNull();

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const second = screen.getByRole('option', { name: 'Pedido atrasado' });
    expect(input.getAttribute('aria-activedescendant')).toBe(second.id);
    expect(second.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });

    expect(changes).toEqual([tickets[0]]);
    expect((input as HTMLInputElement).value).toBe('Pedido não entregue');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('Maria Souza')).toBeTruthy();
  });

  it("says 'Nenhum resultado', closes with Escape and clears with the ×", async () => {
    const { input, changes } = setup();
    fireEvent.change(input, { target: { value: 'Pedido não' } });
    fireEvent.click(await screen.findByRole('option', { name: /Pedido não entregue/ }));
    expect(changes).toEqual([tickets[0]]);

    fireEvent.change(input, { target: { value: 'xyz' } });
    await waitFor(() => expect(screen.getAllByText('Nenhum resultado').length).toBeGreaterThan(0));
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    // A second Escape puts the chosen label back.
    fireEvent.keyDown(input, { key: 'Escape' });
    expect((input as HTMLInputElement).value).toBe('Pedido não entregue');

    fireEvent.click(screen.getByRole('button', { name: 'Remover Pedido não entregue' }));
    expect(changes.at(-1)).toBeNull();
    expect((input as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(input);
  });

  it('does not search below the minimum length', async () => {
    const { input, search } = setup();
    fireEvent.change(input, { target: { value: 'P' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(search).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });
});
