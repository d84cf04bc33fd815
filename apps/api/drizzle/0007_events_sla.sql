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
ALTER TABLE "tickets" ADD COLUMN "awaiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "wait_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sla_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_episodes" ADD CONSTRAINT "sla_episodes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_events_created_idx" ON "domain_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sla_episodes_tenant_breached_idx" ON "sla_episodes" USING btree ("tenant_id","breached_at");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tickets_sla_pending_idx" ON "tickets" USING btree ("awaiting_since") WHERE sla_pending;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "domain_events" AS PERMISSIVE FOR ALL TO "app_user" USING ("domain_events"."tenant_id" = (select app_current_tenant())) WITH CHECK ("domain_events"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "sla_episodes" AS PERMISSIVE FOR ALL TO "app_user" USING ("sla_episodes"."tenant_id" = (select app_current_tenant())) WITH CHECK ("sla_episodes"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
-- SLA bookkeeping, kept by the database so every writer (API, seed, imports) keeps it right.
-- A new ticket: its customer waits from its creation until the first answer.
CREATE OR REPLACE FUNCTION tickets_sla_on_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.awaiting_since := NEW.created_at;
  NEW.wait_started_at := NEW.created_at;
  NEW.sla_pending := true;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tickets_sla_on_insert BEFORE INSERT ON tickets
  FOR EACH ROW EXECUTE FUNCTION tickets_sla_on_insert();
--> statement-breakpoint
-- A message of a ticket: inbound restarts the clock (a new episode when none is open); outbound,
-- if not older than the wait, answers it and closes the episode.
CREATE OR REPLACE FUNCTION messages_sla_on_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.direction = 'inbound' THEN
    UPDATE tickets SET
      wait_started_at = CASE WHEN awaiting_since IS NULL THEN NEW.created_at ELSE wait_started_at END,
      sla_pending = CASE WHEN awaiting_since IS NULL THEN true ELSE sla_pending END,
      awaiting_since = greatest(awaiting_since, NEW.created_at)
    WHERE id = NEW.ticket_id;
  ELSIF NEW.direction = 'outbound' THEN
    UPDATE sla_episodes e SET answered_at = NEW.created_at
    FROM tickets t
    WHERE t.id = NEW.ticket_id AND e.ticket_id = t.id AND e.started_at = t.wait_started_at
      AND e.answered_at IS NULL AND t.awaiting_since <= NEW.created_at;
    UPDATE tickets SET awaiting_since = NULL, wait_started_at = NULL, sla_pending = false
    WHERE id = NEW.ticket_id AND awaiting_since <= NEW.created_at;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_sla_on_insert AFTER INSERT ON messages
  FOR EACH ROW WHEN (NEW.ticket_id IS NOT NULL) EXECUTE FUNCTION messages_sla_on_insert();
