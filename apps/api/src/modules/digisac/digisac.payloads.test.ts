import { describe, expect, it } from 'vitest';
import {
  entityKind,
  maxNameLength,
  maxTextLength,
  parseContact,
  parseMessage,
  parseTicket,
  unwrapEnvelope,
} from './digisac.payloads.ts';

// Shapes from ../shared/integrations/digisac.md, and the odd ones a partial or hostile sender may send.

const message = {
  id: 'm-1',
  type: 'chat',
  text: '  Quero cancelar  ',
  timestamp: 1_763_650_800, // 2025-11-20T15:00:00Z in seconds
  isFromMe: false,
  isFromBot: false,
  isComment: false,
  origin: null,
  contactId: 'c-1',
  userId: null,
  ticketId: 't-1',
  data: { ack: 0 },
  createdAt: '2025-11-20T15:00:01.000Z',
  updatedAt: '2025-11-20T15:00:01.123Z',
};

const ticket = {
  id: 't-1',
  protocol: 202611001,
  isOpen: true,
  contactId: 'c-1',
  userId: 'u-ana',
  departmentId: 'd-suporte',
  createdAt: '2025-11-20T14:00:00.000Z',
  updatedAt: '2025-11-20T15:00:00.000Z',
  endedAt: null,
  contact: { id: 'c-1', name: 'Maria Silva', internalName: null, data: { number: '+55 (41) 99691-0256' } },
  user: { id: 'u-ana', name: 'Ana Atendente' },
  department: { id: 'd-suporte', name: 'Suporte' },
};

describe('unwrapEnvelope', () => {
  it('reads {event, data}, a one-element data array, and anything else as nulls', () => {
    expect(unwrapEnvelope({ event: 'message.created', data: message })).toEqual({
      event: 'message.created',
      data: message,
    });
    expect(unwrapEnvelope({ event: 'message.created', data: [message, { id: 'other' }] }).data).toBe(message);
    expect(unwrapEnvelope({ event: ' ', data: [] })).toEqual({ event: null, data: null });
    expect(unwrapEnvelope({ event: 7, data: 'x' })).toEqual({ event: '7', data: null });
    for (const odd of [null, undefined, 'text', 42, [], [{ event: 'x' }]]) {
      expect(unwrapEnvelope(odd), String(odd)).toEqual({ event: null, data: null });
    }
    expect(unwrapEnvelope({ event: 'x'.repeat(1000), data: null }).event).toHaveLength(100);
  });
});

describe('entityKind', () => {
  it('tells messages, tickets and contacts apart by their shape, not their name', () => {
    expect(entityKind(message)).toBe('message');
    expect(entityKind({ id: 'm', type: 'chat', text: 'oi' })).toBe('message');
    expect(entityKind({ id: 'm', isFromMe: true })).toBe('message');
    expect(entityKind(ticket)).toBe('ticket');
    expect(entityKind({ id: 't', protocol: '123' })).toBe('ticket');
    expect(entityKind({ id: 't', isOpen: false })).toBe('ticket');
    expect(
      entityKind({ id: 'c', name: 'Maria', data: { number: '5541996910256' }, currentTicketId: 't' }),
    ).toBe('contact');
    expect(entityKind({ id: 'c', data: { number: 5541996910256 } })).toBe('contact');
  });

  it('is unknown without an id or without a known shape', () => {
    expect(entityKind({ accountId: 'a', contactId: 'c', command: 'menu' })).toBe('unknown'); // bot.command
    expect(entityKind({ ...message, id: undefined })).toBe('unknown');
    expect(entityKind({ id: 'x', data: { number: null } })).toBe('unknown');
    for (const odd of [null, undefined, 'text', 3, [message]]) expect(entityKind(odd)).toBe('unknown');
  });
});

describe('parseMessage', () => {
  it("reads a customer's message, trimmed, with its times", () => {
    expect(parseMessage(message)).toEqual({
      id: 'm-1',
      ticketId: 't-1',
      contactId: 'c-1',
      userId: null,
      type: 'chat',
      text: 'Quero cancelar',
      timestamp: new Date('2025-11-20T15:00:00Z'),
      isFromMe: false,
      isFromBot: false,
      isComment: false,
      origin: null,
      fileName: null,
      mimeType: null,
      ticketOpen: false,
      ticketClose: false,
      createdAt: new Date('2025-11-20T15:00:01Z'),
      updatedAt: '2025-11-20T15:00:01.123Z',
      sender: 'customer',
      kind: 'message',
    });
  });

  it('says who wrote it and what it is', () => {
    const of = (fields: Record<string, unknown>) => {
      const parsed = parseMessage({ ...message, ...fields });
      return [parsed?.sender, parsed?.kind];
    };
    expect(of({ isFromMe: true, origin: 'user', userId: 'u-ana' })).toEqual(['agent', 'message']);
    expect(of({ isFromMe: true, isFromBot: true })).toEqual(['bot', 'message']);
    expect(of({ isFromMe: true, origin: 'bot' })).toEqual(['bot', 'message']);
    expect(of({ isFromMe: true, origin: 'campaign' })).toEqual(['bot', 'message']);
    expect(of({ isFromMe: true, isComment: true, origin: 'user' })).toEqual(['agent', 'note']);
    expect(of({ type: 'ticket', origin: 'ticket', isFromMe: true })[1]).toBe('system');
    expect(of({ type: 'chat', origin: 'ticket' })[1]).toBe('system');
    expect(of({ isFromMe: 'true' })).toEqual(['agent', 'message']);
    expect(of({ isFromMe: 1 })).toEqual(['customer', 'message']);
  });

  it('reads system events and files', () => {
    const opened = parseMessage({ ...message, type: 'ticket', text: null, data: { ticketOpen: true } });
    expect(opened).toMatchObject({ kind: 'system', ticketOpen: true, ticketClose: false, text: null });
    const closed = parseMessage({ ...message, type: 'ticket', data: { ticketClose: { byUserId: 'u' } } });
    expect(closed).toMatchObject({ ticketOpen: false, ticketClose: true });
    expect(parseMessage({ ...message, data: null })).toMatchObject({ ticketOpen: false, ticketClose: false });
    const image = {
      ...message,
      type: 'image',
      file: { name: ' foto.jpg ', mimetype: 'image/jpeg', url: 'x' },
    };
    expect(parseMessage(image)).toMatchObject({
      type: 'image',
      fileName: 'foto.jpg',
      mimeType: 'image/jpeg',
    });
    const document = {
      ...message,
      type: 'document',
      files: [{ name: 'nota.pdf', mimeType: 'application/pdf' }],
    };
    expect(parseMessage(document)).toMatchObject({ fileName: 'nota.pdf', mimeType: 'application/pdf' });
    expect(parseMessage({ ...message, files: [null], file: 'x' })).toMatchObject({
      fileName: null,
      mimeType: null,
    });
  });

  it('takes timestamps in seconds, milliseconds, digit strings or ISO; nonsense is null', () => {
    const at = (timestamp: unknown) => parseMessage({ ...message, timestamp })?.timestamp ?? null;
    const expected = new Date('2025-11-20T15:00:00Z');
    expect(at(1_763_650_800)).toEqual(expected);
    expect(at(1_763_650_800_000)).toEqual(expected);
    expect(at('1763650800')).toEqual(expected);
    expect(at('2025-11-20T15:00:00Z')).toEqual(expected);
    for (const odd of [null, 'ontem', '', Number.NaN, Number.POSITIVE_INFINITY, -1, 1e20, {}, [1], true]) {
      expect(at(odd), String(odd)).toBeNull();
    }
    // updatedAt is kept as sent (the dedupe key), only when it is a string.
    expect(parseMessage({ ...message, updatedAt: 1_763_650_800 })?.updatedAt).toBeNull();
  });

  it('is null without an id; a missing or odd field is null or false, never a throw', () => {
    for (const odd of [null, undefined, 'm-1', 3, [], [message], { text: 'oi' }, { id: '' }, { id: {} }]) {
      expect(parseMessage(odd), JSON.stringify(odd)).toBeNull();
    }
    expect(parseMessage({ id: 42 })).toEqual({
      id: '42',
      ticketId: null,
      contactId: null,
      userId: null,
      type: null,
      text: null,
      timestamp: null,
      isFromMe: false,
      isFromBot: false,
      isComment: false,
      origin: null,
      fileName: null,
      mimeType: null,
      ticketOpen: false,
      ticketClose: false,
      createdAt: null,
      updatedAt: null,
      sender: 'customer',
      kind: 'message',
    });
    const odd = parseMessage({
      id: 'm',
      ticketId: { id: 't' },
      text: ['oi'],
      type: 5,
      origin: {},
      isFromMe: null,
    });
    expect(odd).toMatchObject({ ticketId: null, text: null, type: '5', origin: null, isFromMe: false });
  });

  it('caps what a hostile payload could make grow', () => {
    const huge = parseMessage({
      ...message,
      id: 'i'.repeat(5000),
      text: 't'.repeat(maxTextLength + 5000),
      file: { name: 'n'.repeat(5000), mimetype: 'm'.repeat(5000) },
      updatedAt: 'u'.repeat(5000),
    });
    expect(huge?.id).toHaveLength(100);
    expect(huge?.text).toHaveLength(maxTextLength);
    expect(huge?.fileName).toHaveLength(maxNameLength);
    expect(huge?.mimeType).toHaveLength(maxNameLength);
    expect(huge?.updatedAt).toHaveLength(100);
  });
});

describe('parseTicket', () => {
  it('reads a ticket with its includes', () => {
    expect(parseTicket(ticket)).toEqual({
      id: 't-1',
      protocol: '202611001',
      isOpen: true,
      contactId: 'c-1',
      userId: 'u-ana',
      departmentId: 'd-suporte',
      contact: { id: 'c-1', name: 'Maria Silva', number: '5541996910256', updatedAt: null },
      agentName: 'Ana Atendente',
      departmentName: 'Suporte',
      createdAt: new Date('2025-11-20T14:00:00Z'),
      updatedAt: new Date('2025-11-20T15:00:00Z'),
      endedAt: null,
    });
    expect(parseTicket({ ...ticket, protocol: ' 202611002 ', isOpen: 'false' })).toMatchObject({
      protocol: '202611002',
      isOpen: false,
    });
  });

  it('without includes, nested nulls or odd fields: nulls', () => {
    expect(parseTicket({ id: 't-2' })).toEqual({
      id: 't-2',
      protocol: null,
      isOpen: null,
      contactId: null,
      userId: null,
      departmentId: null,
      contact: null,
      agentName: null,
      departmentName: null,
      createdAt: null,
      updatedAt: null,
      endedAt: null,
    });
    const odd = parseTicket({
      id: 't-3',
      isOpen: 1,
      contactId: null,
      contact: { id: 'c-9', data: null },
      user: null,
      department: { name: { pt: 'Suporte' } },
      endedAt: 'nunca',
    });
    expect(odd).toMatchObject({
      isOpen: null,
      contactId: 'c-9', // from the included contact
      contact: { id: 'c-9', name: null, number: null },
      agentName: null,
      departmentName: null,
      endedAt: null,
    });
    for (const bad of [null, [], 'x', { protocol: 1 }]) expect(parseTicket(bad)).toBeNull();
  });
});

describe('parseContact', () => {
  it('takes the name, else internalName, else alternativeName; the number as digits', () => {
    const contact = {
      id: 'c-1',
      name: null,
      internalName: ' Maria (VIP) ',
      alternativeName: 'Mari',
      data: {},
    };
    expect(parseContact(contact)).toEqual({ id: 'c-1', name: 'Maria (VIP)', number: null, updatedAt: null });
    expect(parseContact({ ...contact, internalName: '', updatedAt: '2025-11-20T15:00:00Z' })).toMatchObject({
      name: 'Mari',
      updatedAt: new Date('2025-11-20T15:00:00Z'),
    });
    expect(parseContact({ id: 'c', name: 'Ana', data: { number: 5541996910256 } })?.number).toBe(
      '5541996910256',
    );
    expect(parseContact({ id: 'c', data: { number: 'sem número' } })?.number).toBeNull();
    expect(parseContact({ id: 'c', data: { number: '9'.repeat(500) } })?.number).toHaveLength(30);
    expect(parseContact({ id: 'c', name: 'n'.repeat(1000) })?.name).toHaveLength(maxNameLength);
    for (const bad of [null, [], 'c', { name: 'Ana' }, { id: null }]) expect(parseContact(bad)).toBeNull();
  });
});
