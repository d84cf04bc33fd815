CREATE TABLE "ticket_search" (
	"tenant_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"search_text" text NOT NULL,
	CONSTRAINT "ticket_search_tenant_id_ticket_id_pk" PRIMARY KEY("tenant_id","ticket_id")
);
--> statement-breakpoint
ALTER TABLE "ticket_search" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "tickets_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "ticket_search" ADD CONSTRAINT "ticket_search_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_search" ADD CONSTRAINT "ticket_search_tenant_id_ticket_id_tickets_tenant_id_id_fk" FOREIGN KEY ("tenant_id","ticket_id") REFERENCES "public"."tickets"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_search_trgm_idx" ON "ticket_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "ticket_search" AS PERMISSIVE FOR ALL TO "app_user" USING ("ticket_search"."tenant_id" = (select app_current_tenant())) WITH CHECK ("ticket_search"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
-- Written by hand: tickets.search_text is copied into ticket_search (where its trigram index now
-- lives) whenever it is written, so every writer of tickets keeps search right, and an update that
-- leaves the text alone (an analysis, a flag) no longer re-indexes it.
CREATE OR REPLACE FUNCTION tickets_search_copy() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_search (tenant_id, ticket_id, search_text)
    VALUES (NEW.tenant_id, NEW.id, NEW.search_text)
    ON CONFLICT (tenant_id, ticket_id) DO UPDATE SET search_text = excluded.search_text;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tickets_search_copy AFTER INSERT ON tickets
  FOR EACH ROW EXECUTE FUNCTION tickets_search_copy();
--> statement-breakpoint
CREATE TRIGGER tickets_search_copy_update AFTER UPDATE OF search_text ON tickets
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
  EXECUTE FUNCTION tickets_search_copy();
--> statement-breakpoint
INSERT INTO ticket_search (tenant_id, ticket_id, search_text)
  SELECT tenant_id, id, search_text FROM tickets
  ON CONFLICT (tenant_id, ticket_id) DO NOTHING;
--> statement-breakpoint
-- app_search_ids (0011) reads tickets' search text from ticket_search.
CREATE OR REPLACE FUNCTION app_search_ids(target text, patterns text[]) RETURNS SETOF uuid
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100 AS $$
DECLARE
  tenant uuid := app_current_tenant();
  conditions text;
BEGIN
  IF target NOT IN ('tickets', 'messages', 'customers') THEN
    RAISE EXCEPTION 'app_search_ids: not a searchable table: %', target;
  END IF;
  IF tenant IS NULL OR coalesce(array_length(patterns, 1), 0) = 0 THEN
    RETURN;
  END IF;
  SELECT string_agg(format('search_text LIKE $2[%s]', i), ' AND ')
    INTO conditions FROM generate_subscripts(patterns, 1) AS i;
  IF target = 'tickets' THEN
    RETURN QUERY EXECUTE format('SELECT ticket_id FROM ticket_search WHERE tenant_id = $1 AND %s', conditions)
      USING tenant, patterns;
  ELSE
    RETURN QUERY EXECUTE format('SELECT id FROM %I WHERE tenant_id = $1 AND %s', target, conditions)
      USING tenant, patterns;
  END IF;
END $$;
