import type { Message } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import {
  conversationItems,
  dayKey,
  dayLabel,
  highlightTerms,
  mediaCaption,
  mediaLabel,
} from './conversation.ts';

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
  ticket_id: 't-1',
  ticket_title: null,
  customer_id: null,
  customer_name: null,
  expert_id: null,
  flagged: false,
  analysis: null,
  created_at: createdAt,
  ...fields,
});

// 2026-03-10 14:00 in São Paulo (UTC−3).
const now = new Date('2026-03-10T17:00:00Z');

describe('the days of a conversation (São Paulo)', () => {
  it('takes the day in São Paulo, not UTC', () => {
    expect(dayKey('2026-03-10T02:59:00Z')).toBe('2026-03-09'); // 23:59 the day before
    expect(dayKey('2026-03-10T03:00:00Z')).toBe('2026-03-10'); // midnight
  });

  it("says 'Hoje', 'Ontem', then the date", () => {
    expect(dayLabel('2026-03-10', now)).toBe('Hoje');
    expect(dayLabel('2026-03-09', now)).toBe('Ontem');
    expect(dayLabel('2026-03-08', now)).toBe('08/03/2026');
    expect(dayLabel('2025-12-31', now)).toBe('31/12/2025');
    // 00:30 on the 11th in São Paulo: the 10th is yesterday.
    expect(dayLabel('2026-03-10', new Date('2026-03-11T03:30:00Z'))).toBe('Ontem');
    // Across a month and a year.
    expect(dayLabel('2026-02-28', new Date('2026-03-01T15:00:00Z'))).toBe('Ontem');
    expect(dayLabel('2025-12-31', new Date('2026-01-01T15:00:00Z'))).toBe('Ontem');
  });

  it('puts one separator before the first message of each day, in order', () => {
    const items = conversationItems(
      [
        message('a', '2026-03-07T12:00:00Z'),
        message('b', '2026-03-09T02:30:00Z'), // 23:30 on the 8th in São Paulo
        message('c', '2026-03-09T03:10:00Z'), // 00:10 on the 9th
        message('d', '2026-03-09T20:00:00Z'),
        message('e', '2026-03-10T12:00:00Z', { kind: 'system', sender: 'agent' }),
        message('f', '2026-03-10T16:59:00Z'),
      ],
      now,
    );
    expect(items.map((i) => (i.type === 'day' ? `[${i.label}]` : i.message.id))).toEqual([
      '[07/03/2026]',
      'a',
      '[08/03/2026]',
      'b',
      '[Ontem]',
      'c',
      'd',
      '[Hoje]',
      'e',
      'f',
    ]);
    // Keys are unique (React's list keys).
    expect(new Set(items.map((i) => i.key)).size).toBe(items.length);
  });

  it('answers nothing for no messages', () => {
    expect(conversationItems([], now)).toEqual([]);
  });
});

describe('media', () => {
  it('names DigiSac types in pt-BR', () => {
    expect(mediaLabel('image')).toBe('Imagem');
    expect(mediaLabel('audio')).toBe('Áudio');
    expect(mediaLabel('ptt')).toBe('Áudio');
    expect(mediaLabel('video')).toBe('Vídeo');
    expect(mediaLabel('document')).toBe('Documento');
    expect(mediaLabel('IMAGE')).toBe('Imagem');
    expect(mediaLabel('something-new')).toBe('Arquivo');
  });

  it('shows a caption, not the placeholder ingestion writes without one', () => {
    const media = { media_type: 'image', file_name: 'foto.jpg' };
    expect(mediaCaption({ ...media, content: '[image] foto.jpg' })).toBe('');
    expect(mediaCaption({ media_type: 'audio', file_name: null, content: '[audio]' })).toBe('');
    expect(mediaCaption({ ...media, content: 'Segue o comprovante' })).toBe('Segue o comprovante');
  });
});

describe('highlighting red-flag terms', () => {
  const marked = (text: string, terms: string[]) =>
    highlightTerms(text, terms)
      .filter((p) => p.marked)
      .map((p) => p.text);

  it('marks whole words and phrases, whatever the case and accents, keeping the text as written', () => {
    const text = 'Vou ao PROCON e à Justica, já falei com meu advogado-amigo';
    expect(marked(text, ['procon', 'justiça', 'advogado'])).toEqual(['PROCON', 'Justica', 'advogado']);
    expect(
      highlightTerms(text, ['procon'])
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });

  it('does not mark a term inside a longer word or a domain', () => {
    expect(marked('processamento do pedido', ['processo'])).toEqual([]);
    expect(marked('veja procon.sp.gov.br', ['procon'])).toEqual([]);
    expect(marked('fui ao procon.', ['procon'])).toEqual(['procon']);
  });

  it('matches phrases across spaces and hyphens, the longest first', () => {
    expect(marked('Vou   processar vocês', ['processar', 'vou processar'])).toEqual(['Vou   processar']);
    expect(marked('reclame-aqui já', ['reclame aqui'])).toEqual(['reclame-aqui']);
  });

  it('keeps positions right after emoji and accented letters', () => {
    expect(marked('😡😡 ação judicial já', ['ação judicial'])).toEqual(['ação judicial']);
    expect(marked('Ação Judicial', ['acao judicial'])).toEqual(['Ação Judicial']);
  });

  it('leaves the text whole without terms', () => {
    expect(highlightTerms('nada aqui', [])).toEqual([{ text: 'nada aqui', marked: false }]);
    expect(highlightTerms('nada aqui', ['  '])).toEqual([{ text: 'nada aqui', marked: false }]);
    expect(highlightTerms('', ['x'])).toEqual([{ text: '', marked: false }]);
  });
});
