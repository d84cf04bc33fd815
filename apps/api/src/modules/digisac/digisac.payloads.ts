// DigiSac's entities as ingestion reads them, from a webhook's body or an API answer
// (../shared/integrations/digisac.md). The facts are partial and the sender is outside our
// control, so every field is read defensively: a missing or odd field is null (or false), never a
// throw, and every string is trimmed and capped so a hostile payload cannot grow our rows without
// bound. Nothing here logs: payloads may hold customers' words.

type Json = Record<string, unknown>;

/** Longest message text kept (characters). */
export const maxTextLength = 100_000;
/** Longest name (contact, agent, department, file) kept. */
export const maxNameLength = 200;
/** Longest id, protocol, type or origin kept (DigiSac's are uuids and short words). */
const maxIdLength = 100;
/** A phone number's digits (E.164 has at most 15; a little room for odd channels). */
const maxNumberDigits = 30;

const objectOf = (v: unknown): Json | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null;

/** A trimmed, capped string (a finite number becomes its decimal form); blank is null. */
function textOf(v: unknown, max: number): string | null {
  const text =
    typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
  return text === '' ? null : text.slice(0, max);
}

const idOf = (v: unknown) => textOf(v, maxIdLength);

/** A boolean, also from the strings `"true"`/`"false"`; anything else is null. */
function booleanOf(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  return null;
}

// Dates outside these years are nonsense from DigiSac and out of PostgreSQL's range at the edges.
const earliestDate = Date.UTC(1970, 0, 1);
const latestDate = Date.UTC(10000, 0, 1);
// Below this a number is seconds (1e11 s is the year 5138; 1e11 ms is 1973).
const secondsBelow = 1e11;

/** A date from epoch seconds, epoch milliseconds (numbers or digit strings) or an ISO string. */
function dateOf(v: unknown): Date | null {
  let ms: number;
  const numeric = typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v;
  if (typeof numeric === 'number') {
    if (!Number.isFinite(numeric)) return null;
    ms = Math.abs(numeric) < secondsBelow ? numeric * 1000 : numeric;
  } else if (typeof numeric === 'string' && numeric.length <= maxIdLength) {
    ms = Date.parse(numeric);
  } else return null;
  return Number.isFinite(ms) && ms >= earliestDate && ms < latestDate ? new Date(Math.round(ms)) : null;
}

/** `{event, data}` of a webhook's body; `data` seen as a one-element array is its first element. */
export function unwrapEnvelope(body: unknown): { event: string | null; data: Json | null } {
  const envelope = objectOf(body);
  const data = envelope?.data;
  return {
    event: textOf(envelope?.event, maxIdLength),
    data: Array.isArray(data) ? objectOf(data[0]) : objectOf(data),
  };
}

export type DigisacEntityKind = 'message' | 'ticket' | 'contact' | 'unknown';

/**
 * What `data` is, by its shape: ticket and contact event names are not known, so the name alone
 * cannot tell (a message has ticketId/isFromMe/timestamp, or a type with a text; a ticket a
 * protocol or isOpen; a contact a data.number and no ticketId).
 */
export function entityKind(data: unknown): DigisacEntityKind {
  const entity = objectOf(data);
  if (!entity || idOf(entity.id) === null) return 'unknown';
  const has = (key: string) => entity[key] !== undefined && entity[key] !== null;
  if (has('ticketId') || typeof entity.isFromMe === 'boolean' || has('timestamp')) return 'message';
  if (typeof entity.type === 'string' && 'text' in entity) return 'message';
  if (has('protocol') || typeof entity.isOpen === 'boolean') return 'ticket';
  const number = objectOf(entity.data)?.number;
  if ((typeof number === 'string' || typeof number === 'number') && !has('ticketId')) return 'contact';
  return 'unknown';
}

export interface DigisacContact {
  id: string;
  /** name, else internalName, else alternativeName. */
  name: string | null;
  /** data.number's digits (with the country code), or null when it has none. */
  number: string | null;
  updatedAt: Date | null;
}

export function parseContact(raw: unknown): DigisacContact | null {
  const contact = objectOf(raw);
  const id = idOf(contact?.id);
  if (!contact || !id) return null;
  const number = textOf(objectOf(contact.data)?.number, 100)?.replace(/\D/g, '').slice(0, maxNumberDigits);
  return {
    id,
    name:
      textOf(contact.name, maxNameLength) ??
      textOf(contact.internalName, maxNameLength) ??
      textOf(contact.alternativeName, maxNameLength),
    number: number || null,
    updatedAt: dateOf(contact.updatedAt),
  };
}

export interface DigisacTicket {
  id: string;
  /** DigiSac sends it as a string or a number. */
  protocol: string | null;
  isOpen: boolean | null;
  contactId: string | null;
  userId: string | null;
  departmentId: string | null;
  /** The included contact, when asked for and present. */
  contact: DigisacContact | null;
  /** The included user's name (the agent). */
  agentName: string | null;
  departmentName: string | null;
  createdAt: Date | null;
  updatedAt: Date | null;
  endedAt: Date | null;
}

export function parseTicket(raw: unknown): DigisacTicket | null {
  const ticket = objectOf(raw);
  const id = idOf(ticket?.id);
  if (!ticket || !id) return null;
  const contact = parseContact(ticket.contact);
  return {
    id,
    protocol: textOf(ticket.protocol, maxIdLength),
    isOpen: booleanOf(ticket.isOpen),
    contactId: idOf(ticket.contactId) ?? contact?.id ?? null,
    userId: idOf(ticket.userId),
    departmentId: idOf(ticket.departmentId),
    contact,
    agentName: textOf(objectOf(ticket.user)?.name, maxNameLength),
    departmentName: textOf(objectOf(ticket.department)?.name, maxNameLength),
    createdAt: dateOf(ticket.createdAt),
    updatedAt: dateOf(ticket.updatedAt),
    endedAt: dateOf(ticket.endedAt),
  };
}

export type DigisacSender = 'customer' | 'agent' | 'bot';
export type DigisacMessageKind = 'message' | 'note' | 'system';

export interface DigisacMessage {
  id: string;
  ticketId: string | null;
  contactId: string | null;
  userId: string | null;
  /** chat, image, video, audio, ptt, document, hsm, ticket (a system event), … */
  type: string | null;
  text: string | null;
  /** When it was sent (WhatsApp's time): the conversation's order. */
  timestamp: Date | null;
  isFromMe: boolean;
  isFromBot: boolean;
  isComment: boolean;
  /** user, bot, campaign, ticket, or null. */
  origin: string | null;
  fileName: string | null;
  mimeType: string | null;
  /** A system event opening or closing the ticket (data.ticketOpen / data.ticketClose). */
  ticketOpen: boolean;
  ticketClose: boolean;
  createdAt: Date | null;
  /** DigiSac's updatedAt exactly as sent: with the id, the identity of a message.updated. */
  updatedAt: string | null;
  sender: DigisacSender;
  kind: DigisacMessageKind;
}

/** A flag of data.ticketOpen/ticketClose: true, or an object describing the event. */
const flagOf = (v: unknown) => booleanOf(v) === true || objectOf(v) !== null;

export function parseMessage(raw: unknown): DigisacMessage | null {
  const message = objectOf(raw);
  const id = idOf(message?.id);
  if (!message || !id) return null;
  const file = objectOf(message.file) ?? (Array.isArray(message.files) ? objectOf(message.files[0]) : null);
  const data = objectOf(message.data);
  const type = textOf(message.type, maxIdLength);
  const origin = textOf(message.origin, maxIdLength);
  const isFromMe = booleanOf(message.isFromMe) === true;
  const isFromBot = booleanOf(message.isFromBot) === true;
  const isComment = booleanOf(message.isComment) === true;
  return {
    id,
    ticketId: idOf(message.ticketId),
    contactId: idOf(message.contactId),
    userId: idOf(message.userId),
    type,
    text: textOf(message.text, maxTextLength),
    timestamp: dateOf(message.timestamp),
    isFromMe,
    isFromBot,
    isComment,
    origin,
    fileName: textOf(file?.name ?? file?.fileName, maxNameLength),
    mimeType: textOf(file?.mimetype ?? file?.mimeType, maxNameLength),
    ticketOpen: flagOf(data?.ticketOpen),
    ticketClose: flagOf(data?.ticketClose),
    createdAt: dateOf(message.createdAt),
    updatedAt: typeof message.updatedAt === 'string' ? textOf(message.updatedAt, maxIdLength) : null,
    // A campaign is an automated mass send: a bot's line, never an agent's answer to a wait.
    sender: isFromBot || origin === 'bot' || origin === 'campaign' ? 'bot' : isFromMe ? 'agent' : 'customer',
    kind: type === 'ticket' || origin === 'ticket' ? 'system' : isComment ? 'note' : 'message',
  };
}
