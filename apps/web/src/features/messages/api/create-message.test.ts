import { describe, expect, it } from 'vitest';
import { createMessagePayload } from './create-message.ts';

describe('createMessagePayload', () => {
  it('leaves what was not chosen out and defaults the channel to web', () => {
    expect(
      createMessagePayload({
        content: ' Olá ',
        direction: 'inbound',
        channel: ' ',
        ticket: null,
        customer: null,
        expert_id: '  ',
      }),
    ).toEqual({ content: 'Olá', direction: 'inbound', channel: 'web' });
  });

  it("sends the chosen ticket's and customer's ids", () => {
    const ticket = '6c1e0b8e-3f43-4b3e-9d53-2b8f1a0c9d11';
    const customer = '1f2e3d4c-5b6a-4789-8abc-def012345678';
    expect(
      createMessagePayload({
        content: 'Oi',
        direction: 'outbound',
        channel: 'whatsapp',
        ticket: { id: ticket, label: 'Pedido não entregue' },
        customer: { id: customer, label: 'Maria', detail: '390.533.447-05' },
        expert_id: '',
      }),
    ).toEqual({
      content: 'Oi',
      direction: 'outbound',
      channel: 'whatsapp',
      ticket_id: ticket,
      customer_id: customer,
    });
  });
});
