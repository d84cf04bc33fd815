import { describe, expect, it } from 'vitest';
import { createMessagePayload } from './create-message.ts';

describe('createMessagePayload', () => {
  it('leaves blank optional ids out and defaults the channel to web', () => {
    expect(
      createMessagePayload({
        content: ' Olá ',
        direction: 'inbound',
        channel: ' ',
        ticket_id: '',
        customer_id: '  ',
        expert_id: '',
      }),
    ).toEqual({ content: 'Olá', direction: 'inbound', channel: 'web' });
  });

  it('sends the ids that were given', () => {
    const id = '6c1e0b8e-3f43-4b3e-9d53-2b8f1a0c9d11';
    expect(
      createMessagePayload({
        content: 'Oi',
        direction: 'outbound',
        channel: 'whatsapp',
        ticket_id: id,
        customer_id: '',
        expert_id: '',
      }),
    ).toEqual({ content: 'Oi', direction: 'outbound', channel: 'whatsapp', ticket_id: id });
  });
});
