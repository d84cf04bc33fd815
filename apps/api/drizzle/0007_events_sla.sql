CREATE TABLE "domain_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sla_episodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"breached_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "sla_episodes_ticket_started_unique" UNIQUE("ticket_id","started_at")
);
--> statement-breakpoint
ALTER TABLE "sla_episodes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "sla_watched_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "wait_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "last_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_episodes" ADD CONSTRAINT "sla_episodes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_events_created_idx" ON "domain_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sla_episodes_tenant_breached_idx" ON "sla_episodes" USING btree ("tenant_id","breached_at");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tickets_sla_pending_idx" ON "tickets" USING btree ("wait_started_at") WHERE sla_pending;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "domain_events" AS PERMISSIVE FOR ALL TO "app_user" USING ("domain_events"."tenant_id" = (select app_current_tenant())) WITH CHECK ("domain_events"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "sla_episodes" AS PERMISSIVE FOR ALL TO "app_user" USING ("sla_episodes"."tenant_id" = (select app_current_tenant())) WITH CHECK ("sla_episodes"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
-- SLA bookkeeping, kept by the database so every writer (API, seed, imports) keeps it right
-- (ARCHITECTURE "SLA"). A new ticket: its customer waits from its creation until the first answer.
CREATE OR REPLACE FUNCTION tickets_sla_on_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.wait_started_at := NEW.created_at;
  NEW.last_answered_at := NULL;
  NEW.sla_pending := true;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tickets_sla_on_insert BEFORE INSERT ON tickets
  FOR EACH ROW EXECUTE FUNCTION tickets_sla_on_insert();
--> statement-breakpoint
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
    FROM tickets WHERE id = NEW.ticket_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF NEW.direction = 'inbound' THEN
    IF answered IS NOT NULL AND NEW.created_at <= answered THEN
      RETURN NULL; -- answered already
    END IF;
    IF waiting IS NULL THEN
      UPDATE tickets SET wait_started_at = NEW.created_at, sla_pending = true WHERE id = NEW.ticket_id;
    ELSIF NEW.created_at < waiting AND pending THEN
      -- An older unanswered message (an import): the wait began earlier. Not once the monitor
      -- settled it (alerted): that episode keeps its start.
      UPDATE tickets SET wait_started_at = NEW.created_at WHERE id = NEW.ticket_id;
    END IF;
  ELSIF NEW.direction = 'outbound' THEN
    IF waiting IS NOT NULL AND NEW.created_at >= waiting THEN
      UPDATE sla_episodes SET answered_at = NEW.created_at
        WHERE ticket_id = NEW.ticket_id AND answered_at IS NULL AND started_at <= NEW.created_at;
      UPDATE tickets SET wait_started_at = NULL, sla_pending = false,
          last_answered_at = greatest(last_answered_at, NEW.created_at)
        WHERE id = NEW.ticket_id;
    ELSE
      UPDATE tickets SET last_answered_at = greatest(last_answered_at, NEW.created_at)
        WHERE id = NEW.ticket_id;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_sla_on_insert AFTER INSERT ON messages
  FOR EACH ROW WHEN (NEW.ticket_id IS NOT NULL) EXECUTE FUNCTION messages_sla_on_insert();
