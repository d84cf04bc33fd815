import { DomainEvents } from './lib/events.ts';
import { registerAlertRules } from './modules/notifications/alerts.ts';

/**
 * Who reacts to which domain event inside the publishing transaction, in one place (today: the
 * alert rules). Reactions after commit belong to a running app and are added by its plugins (the
 * live push in notifications/stream.ts).
 */
export function createDomainEvents() {
  const events = new DomainEvents();
  registerAlertRules(events);
  return events;
}
