import { createHash } from 'node:crypto';
import { entityKind, parseContact, parseMessage, parseTicket, unwrapEnvelope } from './digisac.payloads.ts';

// What a DigiSac event becomes in the inbox (digisac_events): the same keys whichever way it came
// in — the webhook, the history import or the catch-up sync — so a message seen twice is one row.
// Pure functions: the caller writes the entry (digisac.repo.ts insertEvent/insertEvents) with its
// tenant's id. Nothing here logs, and nothing throws on what DigiSac (or anyone holding the
// secret) sends: an entry it cannot read is stored as `ignored`, never refused.

/** `fetch`: a ticket written from its first message, to be read from DigiSac (ticketFetchEntry). */
export type InboxSource = 'webhook' | 'import' | 'sync' | 'fetch';

/** A digisac_events row but its tenant (`{ ...entry, tenantId }` is a repo NewEvent). */
export interface InboxEntry {
  source: InboxSource;
  /** DigiSac's event name as received (at most 100 characters), `unknown`, or `<kind>.<source>` for an import's or a sync's entity. */
  event: string;
  /** The event's identity: a delivery seen before has the same key (unique per tenant). */
  dedupeKey: string;
  /** What one worker holds at a time: the DigiSac ticket, else the contact, else the message. */
  workKey: string;
  /** DigiSac's time of it: a message's `timestamp`, a ticket's or contact's `updatedAt`. */
  occurredAt: Date | null;
  /** The entity (`data`), or the whole body for one the workers cannot use. */
  payload: unknown;
  state: 'pending' | 'ignored';
}

/** Event names of a message the workers apply; any other name with a message's shape is ignored. */
const messageEvents = new Set(['message.created', 'message.updated']);
const maxEventNameLength = 100;
/**
 * Deeper JSON than this is not stored (PostgreSQL's jsonb parser recurses, and so would our
 * clean-up): DigiSac's entities are a few levels deep.
 */
const maxPayloadDepth = 64;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A surrogate that is not half of a pair (code units: no `u` flag). */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/**
 * Text PostgreSQL stores: no NUL (text and jsonb refuse U+0000) and no lone surrogate (jsonb
 * refuses its escape). Without this an odd or hostile body would be refused (a 400), and what
 * DigiSac sends is never refused.
 */
const storableText = (text: string) => text.replace(loneSurrogate, '\uFFFD').replaceAll('\u0000', '');

class TooDeepError extends Error {}

/** The value with every string (and key) storable; TooDeepError beyond maxPayloadDepth. */
function storableJson(value: unknown, depth = 0): unknown {
  if (depth > maxPayloadDepth) throw new TooDeepError();
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map((item) => storableJson(item, depth + 1));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [storableText(key), storableJson(item, depth + 1)]),
    );
  }
  return value;
}

/** `undefined` when the value cannot be stored as it is (too deep). */
function storablePayload(value: unknown): unknown {
  try {
    return storableJson(value);
  } catch (err) {
    if (err instanceof TooDeepError) return undefined;
    throw err;
  }
}

/** A stored event name: DigiSac's as received (capped), or `unknown`. */
const eventName = (event: string | null) =>
  (event === null ? '' : storableText(event).slice(0, maxEventNameLength)) || 'unknown';

/** A text of the value to hash, whatever it holds. */
function textToHash(value: unknown) {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value); // nested beyond the stack: never stored anyway
  }
}

/** Kept, but not for the workers: keyed by the hash of what was received (a repeat of it is one row). */
function ignoredEntry(source: InboxSource, event: string | null, body: unknown, rawText: string): InboxEntry {
  return {
    source,
    event: eventName(event),
    dedupeKey: `ignored:${sha256(rawText)}`,
    workKey: 'ignored',
    occurredAt: null,
    payload: storablePayload(body) ?? null,
    state: 'ignored',
  };
}

/**
 * The inbox entry of one DigiSac entity (`data`), by its shape. `event` is the webhook's event
 * name; an import's or a sync's entry is named `<kind>.<source>` (message.import, ticket.sync…).
 * - a message: `message:<id>` (message.created, or a message the import or the sync read), or
 *   `message:<id>:<updatedAt>` for message.updated (an edit or an ack is a new event); work key
 *   `ticket:<ticketId>`, else `contact:<contactId>`, else `message:<id>`; its time is `timestamp`.
 *   A message delivered under any other name (bot.command, an unknown one) is ignored.
 * - a ticket: `ticket:<id>:<updatedAt>`, work key `ticket:<id>`; a contact: `contact:<id>:<updatedAt>`,
 *   work key `contact:<id>` — whatever the name (DigiSac's ticket and contact event names are not
 *   known); their time is `updatedAt`. Without an updatedAt, the hash of what was received
 *   stands in for it.
 * - anything else (no id, another shape, JSON too deep to store): ignored, keyed by the hash of
 *   `rawText`.
 */
function entryOf(source: InboxSource, event: string | null, data: unknown, rawText: string): InboxEntry {
  const payload = storablePayload(data);
  if (payload === undefined) return ignoredEntry(source, event, data, rawText);
  const name = eventName(event);
  const entry = (
    kind: string,
    keys: Pick<InboxEntry, 'dedupeKey' | 'workKey' | 'occurredAt'>,
  ): InboxEntry => ({
    source,
    event: source === 'webhook' ? name : `${kind}.${source}`,
    dedupeKey: storableText(keys.dedupeKey),
    workKey: storableText(keys.workKey),
    occurredAt: keys.occurredAt,
    payload,
    state: 'pending',
  });
  const version = (updatedAt: string | null) => updatedAt ?? sha256(rawText);

  switch (entityKind(data)) {
    case 'message': {
      const message = parseMessage(data);
      if (!message || (source === 'webhook' && !messageEvents.has(name))) break;
      const workKey = message.ticketId
        ? `ticket:${message.ticketId}`
        : message.contactId
          ? `contact:${message.contactId}`
          : `message:${message.id}`;
      const dedupeKey =
        source === 'webhook' && name === 'message.updated'
          ? `message:${message.id}:${version(message.updatedAt)}`
          : `message:${message.id}`;
      return entry('message', { dedupeKey, workKey, occurredAt: message.timestamp });
    }
    case 'ticket': {
      const ticket = parseTicket(data);
      if (!ticket) break;
      return entry('ticket', {
        dedupeKey: `ticket:${ticket.id}:${version(ticket.updatedAt?.toISOString() ?? null)}`,
        workKey: `ticket:${ticket.id}`,
        occurredAt: ticket.updatedAt,
      });
    }
    case 'contact': {
      const contact = parseContact(data);
      if (!contact) break;
      return entry('contact', {
        dedupeKey: `contact:${contact.id}:${version(contact.updatedAt?.toISOString() ?? null)}`,
        workKey: `contact:${contact.id}`,
        occurredAt: contact.updatedAt,
      });
    }
    case 'unknown':
      break;
  }
  return ignoredEntry(source, event, data, rawText);
}

/**
 * A webhook's body, as received (any text, any content type) → its inbox entry. DigiSac's
 * envelope is `{event, data}` (`data` sometimes a one-element array); a body that is not JSON, or
 * holds nothing the workers can use, is kept whole as ignored.
 */
export function webhookInboxEntry(rawBody: string): InboxEntry {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return ignoredEntry('webhook', null, rawBody, rawBody);
  }
  const { event, data } = unwrapEnvelope(body);
  const entry = data === null ? undefined : entryOf('webhook', event, data, rawBody);
  return entry?.state === 'pending' ? entry : ignoredEntry('webhook', event, body, rawBody);
}

/**
 * An entity the history import or the catch-up sync read from DigiSac's API (a message, a ticket
 * or a contact, raw) → its inbox entry; a message already delivered by the webhook has its key.
 */
export function entityInboxEntry(source: Exclude<InboxSource, 'webhook'>, data: unknown): InboxEntry {
  return entryOf(source, null, data, textToHash(data));
}

/** The work key of a DigiSac ticket to be read from DigiSac (one per ticket). */
export const ticketFetchKey = (ticketId: string) => `fetch:ticket:${ticketId}`;

/**
 * A DigiSac ticket that was written from its first message (its protocol and contact unknown):
 * a worker reads it from DigiSac, under the tenant's call limit, and puts what it read in the
 * inbox as a `ticket.fetch` entry of the ticket's own key (the request itself is `fetch.ticket`) (digisac.processing.ts). Its own work
 * key, so a slow or refused call never holds the conversation's messages back.
 */
export function ticketFetchEntry(ticketId: string): InboxEntry {
  const key = ticketFetchKey(storableText(ticketId));
  return {
    source: 'fetch',
    event: 'fetch.ticket',
    dedupeKey: key,
    workKey: key,
    occurredAt: null,
    payload: { ticketId: storableText(ticketId) },
    state: 'pending',
  };
}
