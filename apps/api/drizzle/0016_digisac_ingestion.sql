CREATE TABLE "digisac_events" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"event" text NOT NULL,
	"source" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"work_key" text NOT NULL,
	"occurred_at" timestamp with time zone,
	"payload" jsonb,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "digisac_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "digisac_events_dedupe_unique" UNIQUE("tenant_id","dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "digisac_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "digisac_imports" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"days" integer NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"cursor" timestamp with time zone,
	"page" integer DEFAULT 1 NOT NULL,
	"last_page" integer,
	"tickets" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"error" text,
	"lease_until" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "digisac_imports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "digisac_imports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "digisac_intake_buckets" (
	"tenant_id" uuid NOT NULL,
	"shard" integer NOT NULL,
	"tokens" real NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "digisac_intake_buckets_tenant_id_shard_pk" PRIMARY KEY("tenant_id","shard")
);
--> statement-breakpoint
ALTER TABLE "digisac_intake_buckets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "digisac_links" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"webhook_secret_hash" text,
	"webhook_id" text,
	"webhook_registered_at" timestamp with time zone,
	"sync_cursor" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digisac_links_secret_unique" UNIQUE("webhook_secret_hash")
);
--> statement-breakpoint
ALTER TABLE "digisac_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "digisac_work_leases" (
	"tenant_id" uuid NOT NULL,
	"work_key" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	CONSTRAINT "digisac_work_leases_tenant_id_work_key_pk" PRIMARY KEY("tenant_id","work_key")
);
--> statement-breakpoint
ALTER TABLE "digisac_work_leases" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "document" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "source" text DEFAULT 'internal' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sender" text;--> statement-breakpoint
-- Who wrote the messages made before DigiSac ingestion: the direction said it.
UPDATE "messages" SET "sender" = CASE WHEN "direction" = 'inbound' THEN 'customer' ELSE 'agent' END;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "sender" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "kind" text DEFAULT 'message' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "media_type" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "source" text DEFAULT 'internal' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "protocol" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "contact_number" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "department_name" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "agent_name" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "is_open" boolean;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "analysis_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "digisac_events" ADD CONSTRAINT "digisac_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digisac_imports" ADD CONSTRAINT "digisac_imports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digisac_intake_buckets" ADD CONSTRAINT "digisac_intake_buckets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digisac_links" ADD CONSTRAINT "digisac_links_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digisac_work_leases" ADD CONSTRAINT "digisac_work_leases_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "digisac_events_pending_idx" ON "digisac_events" USING btree ("next_attempt_at") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "digisac_events_work_idx" ON "digisac_events" USING btree ("tenant_id","work_key","occurred_at") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "digisac_events_received_idx" ON "digisac_events" USING btree ("tenant_id","received_at");--> statement-breakpoint
CREATE INDEX "digisac_events_state_idx" ON "digisac_events" USING btree ("tenant_id","state","received_at");--> statement-breakpoint
CREATE INDEX "digisac_events_payload_idx" ON "digisac_events" USING btree ("received_at") WHERE payload is not null;--> statement-breakpoint
CREATE INDEX "digisac_imports_tenant_idx" ON "digisac_imports" USING btree ("tenant_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "digisac_imports_running_idx" ON "digisac_imports" USING btree ("lease_until") WHERE state = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "customers_tenant_external_unique" ON "customers" USING btree ("tenant_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_tenant_external_unique" ON "messages" USING btree ("tenant_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_tenant_external_unique" ON "tickets" USING btree ("tenant_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE INDEX "tickets_tenant_digisac_idx" ON "tickets" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE source = 'digisac';--> statement-breakpoint
CREATE INDEX "tickets_analysis_due_idx" ON "tickets" USING btree ("analysis_due_at") WHERE analysis_due_at is not null;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "digisac_events" AS PERMISSIVE FOR ALL TO "app_user" USING ("digisac_events"."tenant_id" = (select app_current_tenant())) WITH CHECK ("digisac_events"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "digisac_imports" AS PERMISSIVE FOR ALL TO "app_user" USING ("digisac_imports"."tenant_id" = (select app_current_tenant())) WITH CHECK ("digisac_imports"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "digisac_intake_buckets" AS PERMISSIVE FOR ALL TO "app_user" USING ("digisac_intake_buckets"."tenant_id" = (select app_current_tenant())) WITH CHECK ("digisac_intake_buckets"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "digisac_links" AS PERMISSIVE FOR ALL TO "app_user" USING ("digisac_links"."tenant_id" = (select app_current_tenant())) WITH CHECK ("digisac_links"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "digisac_work_leases" AS PERMISSIVE FOR ALL TO "app_user" USING ("digisac_work_leases"."tenant_id" = (select app_current_tenant())) WITH CHECK ("digisac_work_leases"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
-- A writer that does not say who wrote a message (a raw INSERT: seed-bulk, imports of old) gets
-- the sender its direction implies, so the SLA below never meets a null.
CREATE OR REPLACE FUNCTION messages_sender_default() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  IF NEW.sender IS NULL THEN
    NEW.sender := CASE WHEN NEW.direction = 'inbound' THEN 'customer' ELSE 'agent' END;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_sender_default BEFORE INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION messages_sender_default();
--> statement-breakpoint
-- A new ticket: made in Atende, its customer waits from its creation until the first answer; a
-- DigiSac ticket waits only from its customer's first message (its creation may be an agent's or
-- a campaign's message, which nobody has to answer).
CREATE OR REPLACE FUNCTION tickets_sla_on_insert() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  NEW.last_answered_at := NULL;
  IF NEW.source = 'digisac' THEN
    NEW.wait_started_at := NULL;
    NEW.sla_pending := false;
  ELSE
    NEW.wait_started_at := NEW.created_at;
    NEW.sla_pending := true;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The SLA keys on who wrote a message, not its direction (0012 otherwise): only a customer's
-- message opens a wait, only an agent's ends it; bots, campaigns, notes and system rows never
-- touch it. A customer message older than 24 hours (history, a late sync) opens no wait: the
-- monitor does not backfill. Lookups keyed by (tenant_id, id); the ticket row is locked first.
CREATE OR REPLACE FUNCTION messages_sla_on_insert() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  waiting timestamptz;
  answered timestamptz;
  pending boolean;
BEGIN
  IF NEW.kind <> 'message' OR NEW.sender NOT IN ('customer', 'agent') THEN
    RETURN NULL;
  END IF;
  SELECT wait_started_at, last_answered_at, sla_pending INTO waiting, answered, pending
    FROM tickets WHERE tenant_id = NEW.tenant_id AND id = NEW.ticket_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF NEW.sender = 'customer' THEN
    IF answered IS NOT NULL AND NEW.created_at <= answered THEN
      RETURN NULL; -- answered already
    END IF;
    IF NEW.created_at < now() - interval '24 hours' AND waiting IS NULL THEN
      RETURN NULL; -- history: no wait is opened for it
    END IF;
    IF waiting IS NULL THEN
      UPDATE tickets SET wait_started_at = NEW.created_at, sla_pending = true WHERE tenant_id = NEW.tenant_id AND id = NEW.ticket_id;
    ELSIF NEW.created_at < waiting AND pending THEN
      -- An older unanswered message (an import): the wait began earlier. Not once the monitor
      -- settled it (alerted): that episode keeps its start.
      UPDATE tickets SET wait_started_at = NEW.created_at WHERE tenant_id = NEW.tenant_id AND id = NEW.ticket_id;
    END IF;
  ELSE
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
