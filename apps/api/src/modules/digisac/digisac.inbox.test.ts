import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { entityInboxEntry, webhookInboxEntry } from './digisac.inbox.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const message = {
  id: 'm-1',
  type: 'chat',
  text: 'Olá',
  timestamp: 1_795_000_000,
  isFromMe: false,
  ticketId: 't-1',
  contactId: 'c-1',
  updatedAt: '2026-11-20T15:00:00.123Z',
};
const webhook = (event: string, data: unknown) => webhookInboxEntry(JSON.stringify({ event, data }));

describe('inbox entries: one key for a message whichever way it came in', () => {
  it('keys a message by its id (message.created, import, sync) or id and updatedAt (message.updated)', () => {
    const created = webhook('message.created', message);
    expect(created).toEqual({
      source: 'webhook',
      event: 'message.created',
      dedupeKey: 'message:m-1',
      workKey: 'ticket:t-1',
      occurredAt: new Date(1_795_000_000_000),
      payload: message,
      state: 'pending',
    });
    expect(entityInboxEntry('import', message)).toMatchObject({
      source: 'import',
      event: 'message.import',
      dedupeKey: 'message:m-1',
      workKey: 'ticket:t-1',
    });
    expect(entityInboxEntry('sync', message)).toMatchObject({
      event: 'message.sync',
      dedupeKey: 'message:m-1',
    });
    expect(webhook('message.updated', message).dedupeKey).toBe('message:m-1:2026-11-20T15:00:00.123Z');
  });

  it('works a message without a ticket by its contact, else by itself', () => {
    expect(webhook('message.created', { ...message, ticketId: null }).workKey).toBe('contact:c-1');
    expect(webhook('message.created', { ...message, ticketId: null, contactId: null }).workKey).toBe(
      'message:m-1',
    );
  });

  it('keys tickets and contacts by shape and updatedAt (the content hash without one)', () => {
    const ticket = { id: 't-9', protocol: 123, isOpen: true, updatedAt: '2026-11-20T15:00:00Z' };
    expect(webhook('ticket.whatever', ticket)).toMatchObject({
      event: 'ticket.whatever',
      dedupeKey: 'ticket:t-9:2026-11-20T15:00:00.000Z',
      workKey: 'ticket:t-9',
      occurredAt: new Date('2026-11-20T15:00:00Z'),
      state: 'pending',
    });
    const { updatedAt: _, ...noTime } = ticket;
    expect(entityInboxEntry('sync', noTime).dedupeKey).toBe(`ticket:t-9:${sha256(JSON.stringify(noTime))}`);
    const contact = {
      id: 'c-9',
      name: 'Ana',
      data: { number: '5541999990000' },
      updatedAt: '2026-11-20T15:00:00Z',
    };
    expect(entityInboxEntry('import', contact)).toMatchObject({
      event: 'contact.import',
      dedupeKey: 'contact:c-9:2026-11-20T15:00:00.000Z',
      workKey: 'contact:c-9',
    });
  });

  it('ignores what the workers cannot use, keyed by the hash of what came in', () => {
    const body = JSON.stringify({ event: 'message.deleted', data: message });
    expect(webhookInboxEntry(body)).toEqual({
      source: 'webhook',
      event: 'message.deleted',
      dedupeKey: `ignored:${sha256(body)}`,
      workKey: 'ignored',
      occurredAt: null,
      payload: { event: 'message.deleted', data: message },
      state: 'ignored',
    });
    expect(webhookInboxEntry('não é JSON')).toMatchObject({
      event: 'unknown',
      payload: 'não é JSON',
      state: 'ignored',
    });
    expect(webhook('message.created', { text: 'sem id' }).state).toBe('ignored');
    expect(webhook('x'.repeat(300), { text: 'sem id' }).event).toHaveLength(100);
    expect(entityInboxEntry('import', { nada: true })).toMatchObject({ event: 'unknown', state: 'ignored' });
  });
});
