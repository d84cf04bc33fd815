import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_OPENS_ON_CLICK } from '../lib/toast-click.ts';
import { AppProvider } from './provider.tsx';

afterEach(() => {
  act(() => void toast.dismiss());
  cleanup();
});

describe('toasts clicked anywhere', () => {
  it("press an alert toast's action (open the ticket, mark it read), and only close the others", async () => {
    render(<AppProvider>{null}</AppProvider>);
    const opened = vi.fn();
    const other = vi.fn();
    act(() => {
      toast.info('Chamado sinalizado', {
        description: 'Chamado sinalizado por um atendente.',
        className: TOAST_OPENS_ON_CLICK,
        action: { label: 'Ver chamado', onClick: opened },
      });
      toast.success('Notificações limpas', { action: { label: 'Desfazer', onClick: other } });
    });
    fireEvent.click(await screen.findByText('Chamado sinalizado por um atendente.'));
    expect(opened).toHaveBeenCalledTimes(1);

    fireEvent.click(await screen.findByText('Notificações limpas'));
    await waitFor(() => expect(screen.queryByText('Notificações limpas')).toBeNull());
    expect(other).not.toHaveBeenCalled();
  });
});
