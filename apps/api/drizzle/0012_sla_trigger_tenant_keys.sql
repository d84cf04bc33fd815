-- The SLA trigger of messages (0007) again, with every lookup keyed by (tenant_id, id): since 0010
-- the tickets' key is (tenant_id, id) and no index starts with id, so `WHERE id = …` alone read the
-- whole key on every message insert.
-- A message of a ticket. Inbound, newer than the last answer: the customer waits from the first
-- such message (a new episode when nobody waited). Outbound: the last answer moves on, and if it
-- is not older than the wait, the wait ends (and a breached episode gets its answered_at). The
-- ticket row is locked first, so the SLA monitor's episode (if any) is seen committed.
CREATE OR REPLACE FUNCTION messages_sla_on_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  waiting timestamptz;
  answered timestamptz;
  pending boolean;
BEGIN
  SELECT wait_started_at, last_answered_at, sla_pending INTO waiting, answered, pending
    FROM tickets WHERE tenant_id = NEW.tenant_id AND id = NEW.ticket_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF NEW.direction = 'inbound' THEN
    IF answered IS NOT NULL AND NEW.created_at <= answered THEN
      RETURN NULL; -- answered already
    END IF;
    IF waiting IS NULL THEN
      UPDATE tickets SET wait_started_at = NEW.created_at, sla_pending = true WHERE tenant_id = NEW.tenant_id AND id = NEW.ticket_id;
    ELSIF NEW.created_at < waiting AND pending THEN
      -- An older unanswered message (an import): the wait began earlier. Not once the monitor
      -- settled it (alerted): that episode keeps its start.
      UPDATE tickets SET wait_started_at = NEW.created_at WHERE tenant_id = NEW.tenant_id AND id = NEW.ticket_id;
    END IF;
  ELSIF NEW.direction = 'outbound' THEN
    IF waiting IS NOT NULL AND NEW.created_at >= waiting THEN
      UPDATE sla_episodes SET answered_at = NEW.created_at
        WHERE tenant_id = NEW.tenant_id AND ticket_id = NEW.ticket_id AND answered_at IS NULL AND started_at <= NEW.created_at;
      UPDATE tickets SET wait_started_at = NULL, sla_pending = false,
          last_answered_at = greatest(last_answered_at, NEW.created_at)
        WHERE tenant_id = NEW.tenant_id AND id = NEW.ticket_id;
    ELSE
      UPDATE tickets SET last_answered_at = greatest(last_answered_at, NEW.created_at)
        WHERE tenant_id = NEW.tenant_id AND id = NEW.ticket_id;
    END IF;
  END IF;
  RETURN NULL;
END $$;
