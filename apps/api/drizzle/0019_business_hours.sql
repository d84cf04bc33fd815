CREATE TABLE "business_hours" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'America/Sao_Paulo' NOT NULL,
	"state" text,
	"closed_on_optional_holidays" boolean DEFAULT true NOT NULL,
	"weekly" jsonb NOT NULL,
	"days_off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_hours" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sla_episodes" ALTER COLUMN "breached_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sla_episodes" ALTER COLUMN "breached_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sla_episodes" ADD COLUMN "warn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sla_episodes" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sla_episodes" ADD COLUMN "warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "sla_warning_percent" integer DEFAULT 80 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_hours" ADD CONSTRAINT "business_hours_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sla_episodes_undated_idx" ON "sla_episodes" USING btree ("started_at") WHERE answered_at is null and breached_at is null and due_at is null;--> statement-breakpoint
CREATE INDEX "sla_episodes_warn_idx" ON "sla_episodes" USING btree ("warn_at") WHERE answered_at is null and warned_at is null and breached_at is null and warn_at is not null;--> statement-breakpoint
CREATE INDEX "sla_episodes_due_idx" ON "sla_episodes" USING btree ("due_at") WHERE answered_at is null and breached_at is null and due_at is not null;--> statement-breakpoint
CREATE INDEX "sla_episodes_tenant_started_idx" ON "sla_episodes" USING btree ("tenant_id","started_at");--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_sla_warning_percent_check" CHECK ("tenants"."sla_warning_percent" between 0 and 99);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "business_hours" AS PERMISSIVE FOR ALL TO "app_user" USING ("business_hours"."tenant_id" = (select app_current_tenant())) WITH CHECK ("business_hours"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
-- Issue 31 (hand-written below). Episodes of old were recorded only when they breached: they are
-- settled (their deadline is their breach), so the monitor's indexes never see them again.
UPDATE "sla_episodes" SET "due_at" = "breached_at", "warned_at" = "breached_at" WHERE "breached_at" IS NOT NULL;
--> statement-breakpoint
-- The waits open now become episodes too ('SLA cumprido' counts from here on).
INSERT INTO "sla_episodes" ("tenant_id", "ticket_id", "started_at")
  SELECT "tenant_id", "id", "wait_started_at" FROM "tickets" WHERE "sla_pending" AND "wait_started_at" IS NOT NULL
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Every episode is recorded when its wait starts. The triggers of 0007/0012/0016 keep each
-- ticket's wait (0016's messages_sla_on_insert keys on `sender` and stays as it is: it already
-- sets the episode's answered_at before it ends the wait); this one follows `wait_started_at`:
-- a wait that starts opens an episode (warn_at/due_at null: the monitor fills them in business
-- time), one moved earlier by an older unanswered message (an import) moves its open episode
-- (deadlines recomputed), and a wait that ends without an answer or a breach (settled quietly,
-- closed in DigiSac, the ticket deleted, a bulk seed's reset) drops its episode: nobody was late.
CREATE OR REPLACE FUNCTION tickets_sla_episodes() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.wait_started_at IS NOT DISTINCT FROM NEW.wait_started_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.wait_started_at IS NOT NULL THEN
    IF TG_OP = 'UPDATE' AND NEW.wait_started_at IS NOT NULL THEN
      UPDATE sla_episodes SET started_at = NEW.wait_started_at, warn_at = NULL, due_at = NULL
        WHERE tenant_id = OLD.tenant_id AND ticket_id = OLD.id AND started_at = OLD.wait_started_at
          AND answered_at IS NULL AND breached_at IS NULL;
      RETURN NULL; -- the same wait: a breached episode keeps its start
    ELSE
      DELETE FROM sla_episodes
        WHERE tenant_id = OLD.tenant_id AND ticket_id = OLD.id AND started_at = OLD.wait_started_at
          AND answered_at IS NULL AND breached_at IS NULL;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.wait_started_at IS NOT NULL THEN
    INSERT INTO sla_episodes (tenant_id, ticket_id, started_at)
      VALUES (NEW.tenant_id, NEW.id, NEW.wait_started_at) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tickets_sla_episodes AFTER INSERT OR DELETE OR UPDATE OF wait_started_at ON tickets
  FOR EACH ROW EXECUTE FUNCTION tickets_sla_episodes();
