DROP INDEX "tickets_tenant_created_idx";--> statement-breakpoint
DROP INDEX "tickets_tenant_sentiment_idx";--> statement-breakpoint
DROP INDEX "tickets_tenant_solved_idx";--> statement-breakpoint
DROP INDEX "tickets_tenant_flagged_idx";--> statement-breakpoint
DROP INDEX "tickets_tenant_attention_idx";--> statement-breakpoint
DROP INDEX "customers_tenant_created_idx";--> statement-breakpoint
DROP INDEX "messages_tenant_created_idx";--> statement-breakpoint
DROP INDEX "messages_tenant_ticket_idx";--> statement-breakpoint
DROP INDEX "messages_tenant_customer_idx";--> statement-breakpoint
DROP INDEX "messages_tenant_flagged_idx";--> statement-breakpoint
DROP INDEX "tickets_tenant_customer_idx";--> statement-breakpoint
DROP INDEX "tickets_tenant_csat_asc_idx";--> statement-breakpoint
DROP INDEX "tickets_tenant_csat_desc_idx";--> statement-breakpoint
CREATE INDEX "messages_tenant_direction_idx" ON "messages" USING btree ("tenant_id","direction","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customers_tenant_created_idx" ON "customers" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_tenant_created_idx" ON "messages" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_tenant_ticket_idx" ON "messages" USING btree ("tenant_id","ticket_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_tenant_customer_idx" ON "messages" USING btree ("tenant_id","customer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_tenant_flagged_idx" ON "messages" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE flagged;--> statement-breakpoint
CREATE INDEX "tickets_tenant_customer_idx" ON "tickets" USING btree ("tenant_id","customer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_tenant_csat_asc_idx" ON "tickets" USING btree ("tenant_id","csat_score","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_tenant_csat_desc_idx" ON "tickets" USING btree ("tenant_id","csat_score" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Written by hand (Drizzle's schema cannot say INCLUDE; db/schema/tickets.ts points here): the
-- tickets list's filter indexes, in list order (NULLS FIRST is what ORDER BY … DESC means), each
-- carrying the other filter columns so the exact total of a filtered list is an index-only count.
CREATE INDEX "tickets_tenant_created_idx" ON "tickets" USING btree ("tenant_id","created_at" DESC,"id" DESC)
  INCLUDE ("sentiment","solved_status","csat_score","flagged","contains_red_flags","requires_escalation","requires_attention");
--> statement-breakpoint
CREATE INDEX "tickets_tenant_sentiment_idx" ON "tickets" USING btree ("tenant_id","sentiment","created_at" DESC,"id" DESC)
  INCLUDE ("solved_status","csat_score","flagged","contains_red_flags","requires_escalation","requires_attention");
--> statement-breakpoint
CREATE INDEX "tickets_tenant_solved_idx" ON "tickets" USING btree ("tenant_id","solved_status","created_at" DESC,"id" DESC)
  INCLUDE ("sentiment","csat_score","flagged","contains_red_flags","requires_escalation","requires_attention");
--> statement-breakpoint
CREATE INDEX "tickets_tenant_flagged_idx" ON "tickets" USING btree ("tenant_id","created_at" DESC,"id" DESC)
  INCLUDE ("sentiment","solved_status","csat_score","contains_red_flags","requires_escalation","requires_attention")
  WHERE flagged;
--> statement-breakpoint
CREATE INDEX "tickets_tenant_attention_idx" ON "tickets" USING btree ("tenant_id","created_at" DESC,"id" DESC)
  INCLUDE ("sentiment","solved_status","csat_score","flagged","contains_red_flags","requires_escalation")
  WHERE requires_attention;
--> statement-breakpoint
-- Search (issue "Data layer at scale"). Under row-level security PostgreSQL will not use an index
-- for a condition whose operator is not LEAKPROOF (LIKE is not: it could leak other tenants' rows
-- through errors), so `search_text LIKE '%word%'` could never reach the trigram indexes from a
-- tenant's transaction. This function runs as the owner (no RLS) and does the tenant check itself:
-- the ids of the current tenant's rows (app_current_tenant(), the transaction's app.tenant_id;
-- none without it) whose search_text contains every pattern. Only these three tables.
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
  RETURN QUERY EXECUTE format('SELECT id FROM %I WHERE tenant_id = $1 AND %s', target, conditions)
    USING tenant, patterns;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_search_ids(text, text[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_search_ids(text, text[]) TO app_user;
