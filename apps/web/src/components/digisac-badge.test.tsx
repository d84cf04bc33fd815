import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DigisacBadge } from './digisac-badge.tsx';

afterEach(cleanup);

describe('DigisacBadge', () => {
  it('names DigiSac and the ticket protocol', () => {
    render(<DigisacBadge protocol="2025000123" />);
    const badge = screen.getByTestId('digisac-badge');
    expect(badge.textContent).toBe('DigiSac#2025000123');
    expect(badge.getAttribute('title')).toBe('Conversa do DigiSac, protocolo 2025000123');
  });

  it('shows one # whether or not the protocol has it', () => {
    render(<DigisacBadge protocol="#77" />);
    expect(screen.getByTestId('digisac-badge').textContent).toBe('DigiSac#77');
  });

  it('shows DigiSac alone without a protocol (a customer; a ticket without one)', () => {
    render(<DigisacBadge protocol={null} />);
    expect(screen.getByTestId('digisac-badge').textContent).toBe('DigiSac');
    cleanup();
    render(<DigisacBadge />);
    expect(screen.getByTestId('digisac-badge').getAttribute('title')).toBe('Veio do DigiSac');
  });
});
