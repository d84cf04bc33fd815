import type { Message } from '@atende/contracts';
import { formatDate, TIME_ZONE } from '../../../lib/format.ts';

// How a DigiSac conversation reads as a chat: days in São Paulo, separators between them, media
// as their pt-BR type, who wrote each line, and the red-flag terms found in a customer's message.

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The São Paulo day of a moment, as 'YYYY-MM-DD' (comparable as text). */
export function dayKey(value: Date | string | number): string {
  return dayFormat.format(new Date(value));
}

/** The day before a 'YYYY-MM-DD' day. */
function dayBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) - 1)).toISOString().slice(0, 10);
}

/** 'Hoje', 'Ontem' or the date ('05/03/2026') of a 'YYYY-MM-DD' day, seen from `now` in São Paulo. */
export function dayLabel(day: string, now: Date | number = Date.now()): string {
  const today = dayKey(now);
  if (day === today) return 'Hoje';
  if (day === dayBefore(today)) return 'Ontem';
  const [y, m, d] = day.split('-');
  return y && m && d ? `${d}/${m}/${y}` : formatDate(day);
}

export type ConversationItem =
  | { type: 'day'; key: string; label: string }
  | { type: 'message'; key: string; message: Message };

/**
 * The chat's rows, oldest first: each message, with a day separator before the first message of
 * each São Paulo day. `messages` come oldest first (the API's order within a page).
 */
export function conversationItems(messages: readonly Message[], now: Date | number = Date.now()) {
  const items: ConversationItem[] = [];
  let lastDay = '';
  for (const message of messages) {
    const day = dayKey(message.created_at);
    if (day !== lastDay) {
      items.push({ type: 'day', key: `day-${day}`, label: dayLabel(day, now) });
      lastDay = day;
    }
    items.push({ type: 'message', key: message.id, message });
  }
  return items;
}

/** Who wrote it, as the chat labels a bubble. */
export const senderLabels: Record<Message['sender'], string> = {
  customer: 'Cliente',
  agent: 'Atendente',
  bot: 'Bot',
};

const mediaLabels: Record<string, string> = {
  image: 'Imagem',
  sticker: 'Figurinha',
  audio: 'Áudio',
  ptt: 'Áudio',
  voice: 'Áudio',
  video: 'Vídeo',
  document: 'Documento',
  file: 'Documento',
  location: 'Localização',
  vcard: 'Contato',
  contact: 'Contato',
  hsm: 'Modelo de mensagem',
};

/** DigiSac's media type in pt-BR ('ptt' → 'Áudio'); an unknown one is an 'Arquivo'. */
export function mediaLabel(mediaType: string): string {
  return mediaLabels[mediaType.toLowerCase()] ?? 'Arquivo';
}

/**
 * The text a media message shows besides its chip: its caption, or nothing when the content is
 * only what ingestion writes without one ('[image] foto.jpg', '[audio]').
 */
export function mediaCaption(message: Pick<Message, 'content' | 'media_type' | 'file_name'>): string {
  const placeholder = `[${message.media_type}]`;
  const text = message.content.trim();
  if (text === placeholder || text === `${placeholder} ${message.file_name ?? ''}`.trim()) return '';
  return message.content;
}

/** Folded for matching, one character for one: lower case, accents removed (ç→c, ã→a). */
function foldChar(char: string): string {
  const folded = char
    .normalize('NFD')
    .replace(/\p{Mn}+/gu, '')
    .toLowerCase();
  return folded.length === 1 ? folded : char.toLowerCase().length === 1 ? char.toLowerCase() : ' ';
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` cut into pieces, the ones that are one of `terms` marked: whole words and phrases,
 * accent- and case-insensitive, the words of a phrase apart by any spaces or hyphens — as the
 * analyzer finds red flags, so what it reported is what lights up.
 */
export function highlightTerms(text: string, terms: readonly string[]) {
  const keys = terms
    .map((term) =>
      [...term]
        .map(foldChar)
        .join('')
        .replace(/[\s-]+/g, ' ')
        .trim(),
    )
    .filter((key) => key !== '');
  if (keys.length === 0 || text === '') return [{ text, marked: false }];
  // Longer phrases first, so 'vou processar' wins over 'processar' at the same place.
  const alternatives = [...new Set(keys)]
    .sort((a, b) => b.length - a.length)
    .map((key) => key.split(' ').map(escapeRegExp).join('[\\s-]+'));
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}]|\\.[\\p{L}\\p{N}])`,
    'gu',
  );
  // One folded character (one UTF-16 unit) per character of the text: a match's positions in the
  // folded text are positions in `chars`.
  const chars = [...text];
  const folded = chars.map(foldChar).join('');
  const pieces: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const match of folded.matchAll(pattern)) {
    const start = match.index;
    const end = start + match[0].length;
    if (start > at) pieces.push({ text: chars.slice(at, start).join(''), marked: false });
    pieces.push({ text: chars.slice(start, end).join(''), marked: true });
    at = end;
  }
  if (at < chars.length) pieces.push({ text: chars.slice(at).join(''), marked: false });
  return pieces;
}
