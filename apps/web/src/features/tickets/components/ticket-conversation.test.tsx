import type { Conversation, Message, MessageAnalysis, Ticket } from '@atende/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceLiveAlert } from '../../../lib/live-alerts.ts';
import { json, stubServer } from '../../../testing/fake-server.ts';
import { TicketConversation } from './ticket-conversation.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ticket: Ticket = {
  id: '00000000-0000-4000-8000-000000000001',
  source: 'digisac',
  external: { protocol: '2025000123', contact_number: '5541996910256' },
  title: 'DigiSac #2025000123 Marina',
  content: 'Cliente: oi',
  conversation_text: null,
  customer_id: null,
  customer_name: 'Marina',
  flagged: false,
  requires_attention: false,
  analysis: null,
  created_at: '2026-03-09T12:00:00Z',
  updated_at: '2026-03-10T12:00:00Z',
};
const path = `/api/v1/tickets/${ticket.id}/conversation`;

const analysis = (fields: Partial<MessageAnalysis>): MessageAnalysis => ({
  id: 'a',
  version: 1,
  provider: 'local',
  model: null,
  provider_error: null,
  created_at: '2026-03-10T12:00:00Z',
  sentiment: 'neutral',
  intent: 'complaint',
  urgency_level: 'medium',
  confidence_score: 0.8,
  language_detected: 'pt',
  contains_red_flags: false,
  red_flag_words: [],
  suggested_responses: [],
  ...fields,
});

const message = (id: string, createdAt: string, fields: Partial<Message> = {}): Message => ({
  id,
  content: `mensagem ${id}`,
  direction: 'inbound',
  sender: 'customer',
  kind: 'message',
  external_id: null,
  media_type: null,
  file_name: null,
  channel: 'digisac',
  ticket_id: ticket.id,
  ticket_title: null,
  customer_id: null,
  customer_name: null,
  expert_id: null,
  flagged: false,
  analysis: null,
  created_at: createdAt,
  ...fields,
});

function renderConversation() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <TicketConversation ticket={ticket} />
    </QueryClientProvider>,
  );
}

describe('TicketConversation', () => {
  it('draws bubbles by who wrote them, media as a chip, notes and events as lines, red flags marked', async () => {
    const page: Conversation = {
      has_more: false,
      messages: [
        message('m1', '2026-03-09T12:00:00Z', {
          kind: 'system',
          sender: 'agent',
          content: 'Chamado aberto no DigiSac.',
        }),
        message('m2', '2026-03-09T12:01:00Z', {
          content: 'Vou ao PROCON amanhã',
          analysis: analysis({ sentiment: 'negative', contains_red_flags: true, red_flag_words: ['procon'] }),
        }),
        message('m3', '2026-03-09T12:02:00Z', { sender: 'bot', direction: 'outbound', content: 'Digite 1' }),
        message('m4', '2026-03-09T12:03:00Z', { sender: 'agent', kind: 'note', content: 'priorizar' }),
        message('m5', '2026-03-09T12:04:00Z', {
          media_type: 'ptt',
          file_name: 'audio.ogg',
          content: '[ptt] audio.ogg',
        }),
        message('m6', '2026-03-09T12:05:00Z', {
          sender: 'agent',
          direction: 'outbound',
          content: 'Resolvido',
        }),
      ],
    };
    const server = stubServer({ [path]: () => json(page) });
    renderConversation();
    const log = await screen.findByRole('log', { name: 'Conversa' });
    const rows = within(log).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '09/03/2026',
      'Chamado aberto no DigiSac. · 09:00',
      'Cliente, 09:01:Vou ao PROCON amanhãSentimento: NegativoTermos sinalizados: procon09:01',
      'Bot, 09:02:BotDigite 109:02',
      'Nota interna de atendente: priorizar · 09:03',
      'Cliente, 09:04:Áudio· audio.ogg09:04',
      'Atendente, 09:05:Resolvido09:05',
    ]);
    expect(within(log).getByText('PROCON').tagName).toBe('MARK');
    expect(screen.getByText('Início da conversa')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Carregar mensagens anteriores' })).toBeNull();
    expect(String(server.mock.calls.at(-1)?.[0])).toContain('limit=50');
  });

  it('pages backwards with the first message as the cursor', async () => {
    const newest: Conversation = { has_more: true, messages: [message('m3', '2026-03-10T12:00:00Z')] };
    const older: Conversation = {
      has_more: false,
      messages: [message('m1', '2026-03-09T12:00:00Z'), message('m2', '2026-03-09T13:00:00Z')],
    };
    const server = stubServer({
      [path]: (request) => json(new URL(request.url).searchParams.get('before') === 'm3' ? older : newest),
    });
    renderConversation();
    const more = await screen.findByRole('button', { name: 'Carregar mensagens anteriores' });
    fireEvent.click(more);
    await screen.findByText('Início da conversa');
    const log = screen.getByRole('log', { name: 'Conversa' });
    expect(
      within(log)
        .getAllByText(/^mensagem m\d$/)
        .map((p) => p.textContent),
    ).toEqual(['mensagem m1', 'mensagem m2', 'mensagem m3']);
    expect(server.mock.calls.some(([url]) => String(url).includes('before=m3'))).toBe(true);
  });

  it('reads the newest page every 15 s while visible, keeping the older pages loaded', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let newest: Conversation = { has_more: true, messages: [message('m2', '2026-03-10T12:00:00Z')] };
    const older: Conversation = { has_more: false, messages: [message('m1', '2026-03-09T12:00:00Z')] };
    const server = stubServer({
      [path]: (request) => json(new URL(request.url).searchParams.get('before') ? older : newest),
    });
    try {
      renderConversation();
      fireEvent.click(await screen.findByRole('button', { name: 'Carregar mensagens anteriores' }));
      await screen.findByText('mensagem m1');
      const reads = server.mock.calls.length;
      newest = {
        has_more: true,
        messages: [message('m2', '2026-03-10T12:00:00Z'), message('m3', '2026-03-10T12:01:00Z')],
      };
      const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      await vi.advanceTimersByTimeAsync(15_000);
      expect(server.mock.calls.length).toBe(reads); // hidden: no poll
      visibility.mockReturnValue('visible');
      await vi.advanceTimersByTimeAsync(15_000);
      await screen.findByText('mensagem m3');
      // One request (the newest page), and the older page is still there.
      expect(server.mock.calls.length).toBe(reads + 1);
      expect(screen.getByText('mensagem m1')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops a poll answered after a full read of the conversation (the full read is newer)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    // One message a page: the newest page, and the one before `before`.
    let all = [message('m1', '2026-03-10T12:00:00Z'), message('m2', '2026-03-10T12:01:00Z')];
    let held: ((response: Response) => void) | undefined;
    let holdNext = false;
    stubServer({
      [path]: (request) => {
        const before = new URL(request.url).searchParams.get('before');
        const end = before ? all.findIndex((m) => m.id === before) : all.length;
        const page = json({ has_more: end > 1, messages: all.slice(end - 1, end) });
        if (before || !holdNext) return page;
        holdNext = false;
        return new Promise<Response>((resolve) => {
          held = () => resolve(page);
        });
      },
    });
    try {
      renderConversation();
      fireEvent.click(await screen.findByRole('button', { name: 'Carregar mensagens anteriores' }));
      await screen.findByText('mensagem m1');
      // The poll reads the newest page (m3) and its answer is slow…
      all = [...all, message('m3', '2026-03-10T12:02:00Z')];
      holdNext = true;
      await vi.advanceTimersByTimeAsync(15_000);
      expect(held).toBeDefined();
      // …while a live alert reads every page again, m4 included.
      all = [...all, message('m4', '2026-03-10T12:03:00Z')];
      announceLiveAlert(ticket.id);
      await screen.findByText('mensagem m4');
      held?.(new Response());
      await new Promise((resolve) => setTimeout(resolve, 50));
      // The poll's older page must not replace what the full read brought.
      expect(screen.getByText('mensagem m4')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the conversation again when a live alert is about this ticket', async () => {
    let calls = 0;
    stubServer({
      [path]: () => {
        calls++;
        return json({ has_more: false, messages: [message(`m${calls}`, '2026-03-10T12:00:00Z')] });
      },
    });
    renderConversation();
    await screen.findByText('mensagem m1');
    announceLiveAlert('another-ticket');
    announceLiveAlert(null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(1);
    announceLiveAlert(ticket.id);
    await screen.findByText('mensagem m2');
  });

  it('says when there is nothing, and when it could not load', async () => {
    stubServer({ [path]: () => json({ has_more: false, messages: [] }) });
    renderConversation();
    await screen.findByText('Nenhuma mensagem nesta conversa.');
    cleanup();

    let fail = true;
    stubServer({
      [path]: () =>
        fail
          ? json({ code: 'internal', detail: 'Erro', request_id: 'x' }, 500)
          : json({ has_more: false, messages: [message('m1', '2026-03-10T12:00:00Z')] }),
    });
    renderConversation();
    await screen.findByText('Não foi possível carregar a conversa.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.getByText('mensagem m1')).toBeTruthy());
  });
});
