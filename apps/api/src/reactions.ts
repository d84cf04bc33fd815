import { DomainEvents } from './lib/events.ts';
import * as audit from './modules/audit/audit.service.ts';
import type { TokenRevocation } from './modules/identity/token-revocation.ts';
import * as alerts from './modules/notifications/alerts.ts';
import { forgetDevicesOfDisabledUser } from './modules/notifications/push.service.ts';
import type { NotificationStreams } from './modules/notifications/stream.ts';

/**
 * Every reaction to a domain event, in one list (lib/events.ts: who publishes what, and how it
 * travels). Start here to follow a fact to what it causes: an analysis → its alerts → the live
 * push of the new notifications.
 */

/**
 * The events with the reactions that run inside the publishing transaction: the alert rules
 * (modules/notifications/alerts.ts) and the sign-in records of the audit log. Every process that publishes needs them: the servers, the
 * seed, the admin CLI.
 */
export function createDomainEvents() {
  const events = new DomainEvents();
  events.onWithin('ticket.analyzed', (scope, { data }) => alerts.afterTicketAnalysis(events, scope, data));
  events.onWithin('message.analyzed', (scope, { data }) => alerts.afterMessageAnalysis(events, scope, data));
  events.onWithin('ticket.flag_changed', (scope, { data }) => alerts.afterFlagChange(events, scope, data));
  events.onWithin('ticket.wait_exceeded', (scope, { data }) => alerts.afterWaitExceeded(events, scope, data));
  events.onWithin('ticket.sla_warning', (scope, { data }) => alerts.afterSlaWarning(events, scope, data));
  // The identity provider says who signed in (or was refused); the audit log records it.
  events.onWithin('user.signed_in', (scope, { data }) => audit.recordSignIn(scope, data));
  events.onWithin('user.sign_in_failed', (scope, { data }) => audit.recordSignIn(scope, data, data.reason));
  // A disabled user's Web Push devices are forgotten with their sessions (issue 34).
  events.onWithin('user.sessions_ended', (scope, { data }) =>
    forgetDevicesOfDisabledUser(scope, data.user_id),
  );
  return events;
}

/** What a running server reacts with after commit: its open streams and its session cache. */
export interface LiveParts {
  streams: NotificationStreams;
  /** The built-in identity provider's revocation cache (none with an external Cognito pool). */
  revocation: TokenRevocation | undefined;
}

/**
 * The reactions after commit, in every server process (PostgreSQL NOTIFY): the live push, and
 * ending the sessions of a user disabled or whose password changed (whose cached token state the
 * publishing process also forgets within the transaction).
 */
export function reactAfterCommit(events: DomainEvents, { streams, revocation }: LiveParts) {
  events.onCommitted('notifications.created', ({ tenantId }) => streams.wake(tenantId));
  // The listening connection came back: anything may have been missed.
  events.onResync(() => streams.wake('*'));
  // The publishing process forgets before it answers: the same client's next request may come
  // before this process's own NOTIFY does (a cache forgotten for a change that rolls back is only
  // read again). The other processes forget on NOTIFY, below.
  events.onWithin('user.sessions_ended', async (_scope, { data }) => revocation?.forget(data.user_id));
  events.onCommitted('user.sessions_ended', ({ tenantId, data }) => {
    // A stolen token must not reopen a stream within the revocation cache's window: forget first.
    revocation?.forget(data.user_id);
    streams.endUser(tenantId, data.user_id);
  });
}
