import type { AlertType, Notification } from '@atende/contracts';
import { priorityOf } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import { groupBursts, groupInterruptions, type OpenInterruption, TICKET_WINDOW_MS } from './interruptions.ts';

const ticketA = '11111111-2222-4333-8444-00000000000a';
const ticketB = '11111111-2222-4333-8444-00000000000b';
let serial = 0;
const alert = (type: AlertType, ticket: string | null, second = serial): Notification => {
  serial += 1;
  return {
    notification_id: `00000000-0000-4000-8000-${serial.toString(16).padStart(12, '0')}`,
    title: `${type} ${ticket ?? 'sem chamado'}`,
    message: `Mensagem de ${type}.`,
    priority: priorityOf[type],
    alert_type: type,
    read: false,
    created_at: new Date(Date.UTC(2026, 0, 5, 12, 0, second)).toISOString(),
    details: { ticket_id: ticket, message_id: null },
  };
};

describe('one risky ticket, one interruption', () => {
  it("makes one interruption of a ticket's burst, led by the highest priority, naming the others", () => {
    const sentiment = alert('negative_sentiment', ticketA, 3);
    const csat = alert('low_csat_prediction', ticketA, 2);
    const red = alert('red_flags', ticketA, 1);
    const other = alert('ticket_notifiable', ticketB, 0);
    const open = new Map<string, OpenInterruption>();
    const shown = groupInterruptions([sentiment, csat, red, other], open, 0);
    expect(shown.map((i) => [i.lead.alert_type, i.alerts.length, i.update])).toEqual([
      ['red_flags', 3, false],
      ['ticket_notifiable', 1, false],
    ]);
    expect(shown[0]?.key).toBe(red.notification_id);
    expect(shown[0]?.description).toBe(
      'Mensagem de red_flags. Também: sentimento negativo, CSAT previsto baixo.',
    );
    expect(shown[1]?.description).toBe('Mensagem de ticket_notifiable.');
  });

  it('updates the same interruption (same key) within 60 s, and starts a new one after', () => {
    const open = new Map<string, OpenInterruption>();
    const first = alert('negative_sentiment', ticketA, 0);
    const [one] = groupInterruptions([first], open, 0);
    const later = alert('escalation_required', ticketA, 30);
    const [two] = groupInterruptions([later], open, 30_000);
    expect(two).toMatchObject({ key: one?.key, update: true, lead: later });
    expect(two?.description).toBe('Mensagem de escalation_required. Também: sentimento negativo.');
    const [three] = groupInterruptions([alert('red_flags', ticketA, 70)], open, TICKET_WINDOW_MS + 1);
    expect(three?.update).toBe(false);
    expect(three?.alerts).toHaveLength(1);
  });

  it('keeps alerts about no ticket apart', () => {
    const shown = groupInterruptions(
      [alert('sla_warning', null, 1), alert('sla_warning', null, 0)],
      new Map(),
      0,
    );
    expect(shown.map((i) => i.alerts.length)).toEqual([1, 1]);
  });
});

describe("the panel's bursts", () => {
  it("groups a ticket's alerts within 60 s of its newest, wherever they sit; not older ones or other tickets", () => {
    const a1 = alert('negative_sentiment', ticketA, 50);
    const b1 = alert('ticket_notifiable', ticketB, 45);
    const a2 = alert('red_flags', ticketA, 40);
    const none = alert('sla_warning', null, 30);
    const a3 = alert('low_csat_prediction', ticketA, 0); // 50 s before a1: same burst
    const a4 = { ...alert('high_complexity', ticketA, 0), created_at: '2026-01-05T11:58:00.000Z' };
    expect(groupBursts([a1, b1, a2, none, a3, a4]).map((g) => g.map((n) => n.alert_type))).toEqual([
      ['negative_sentiment', 'red_flags', 'low_csat_prediction'],
      ['ticket_notifiable'],
      ['sla_warning'],
      ['high_complexity'],
    ]);
  });
});
