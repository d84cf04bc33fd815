-- Issue 33 (search at 1M tickets). The trigram indexes are global (every tenant's rows), so a word
-- found in nearly every row ('cliente', 'carga', 'problema') costs posting lists of a million
-- entries and a recheck of every candidate, whatever else the search holds: 'Cliente de carga
-- 98765' took 52 ms for 2 matches, 'Cliente de carga 77' (no trigram in '77', 4,682 matches) 284 ms.
-- A search now asks first which of its words are worth the index (app_search_plan): a word with
-- a trigram (three letters or digits in a row) found in at most 1 % of a sample of the table's rows
-- (at most 10,000 rows' worth past 1M rows). app_search_ids pre-filters with those words only and
-- rechecks every word; with none, the API reads the tenant's list newest first instead and stops
-- early (the repos). Both answer LIKE '%word%' on search_text, as before.
--
-- The sample reads every tenant's rows (the index it stands for holds them all) and answers only
-- which of the given patterns are rare: no row, no count, leaves the function.
-- The trigram indexes lead with tenant_id (btree_gin): a pre-filter reads only the tenant's
-- entries of each trigram and fetches only its candidates ('procon 777': 380 rows instead of every
-- tenant's 3,710, 1.2 ms instead of 3.3). The planner had also ANDed the trigram bitmap with the
-- tenant's whole primary-key range (100,000 entries, ~20 ms).
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
DROP INDEX IF EXISTS "ticket_search_trgm_idx";
--> statement-breakpoint
CREATE INDEX "ticket_search_trgm_idx" ON "ticket_search" USING gin ("tenant_id", "search_text" gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "messages_search_trgm_idx";
--> statement-breakpoint
CREATE INDEX "messages_search_trgm_idx" ON "messages" USING gin ("tenant_id", "search_text" gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "customers_search_trgm_idx";
--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("tenant_id", "search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_search_plan(target text, patterns text[])
  RETURNS TABLE (pattern text, indexed boolean, share real)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 4 AS $$
DECLARE
  sample_size constant int := 2000;
  source text;
  estimated real;
  sampled text;
  hits bigint[];
  sample_rows bigint;
  limit_share real;
BEGIN
  IF target NOT IN ('tickets', 'messages', 'customers') THEN
    RAISE EXCEPTION 'app_search_plan: not a searchable table: %', target;
  END IF;
  IF coalesce(array_length(patterns, 1), 0) = 0 THEN
    RETURN;
  END IF;
  source := CASE target WHEN 'tickets' THEN 'ticket_search' ELSE target END;
  SELECT reltuples INTO estimated FROM pg_class WHERE oid = source::regclass;
  -- Pages at random (the same ones while the table stays as it is), ~sample_size rows; a small or
  -- never analysed table (reltuples -1) is read from its start.
  sampled := CASE
    WHEN estimated > 4 * sample_size THEN
      format('%I TABLESAMPLE SYSTEM (%s) REPEATABLE (0)', source, 100.0 * sample_size / estimated)
    ELSE format('(SELECT search_text FROM %I LIMIT %s) AS s', source, sample_size)
  END;
  EXECUTE format('SELECT array[%s]::bigint[], count(*) FROM %s',
    (SELECT string_agg(format('count(*) FILTER (WHERE search_text LIKE $1[%s])', i), ', ')
       FROM generate_subscripts(patterns, 1) AS i),
    sampled)
    INTO hits, sample_rows USING patterns;
  limit_share := CASE WHEN estimated > 1000000 THEN 10000 / estimated ELSE 0.01 END;
  -- Rarest first: the order the words are best rechecked in (a row fails on its first miss); with
  -- the share of rows sampled that hold each (the API keeps the answers a minute).
  RETURN QUERY
    SELECT patterns[i], patterns[i] ~ '[[:alnum:]]{3}' AND hits[i] <= limit_share * sample_rows,
           (hits[i]::real / greatest(sample_rows, 1))::real
      FROM generate_subscripts(patterns, 1) AS i
     ORDER BY hits[i], i;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_search_plan(text, text[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_search_plan(text, text[]) TO app_user;
--> statement-breakpoint
DROP FUNCTION IF EXISTS app_search_ids(text, text[]);
--> statement-breakpoint
-- The ids of the current tenant's rows whose search_text holds every pattern (see 0011: it runs as
-- the owner because LIKE under row-level security reaches no index, and checks the tenant itself).
-- `indexed` (a subset of the patterns, from app_search_plan; null: all of them) are the index
-- conditions; the others are rechecked on the candidates, as an expression the index cannot serve.
-- The tenant is the indexes' first column (above).
CREATE FUNCTION app_search_ids(target text, patterns text[], indexed text[] DEFAULT NULL)
  RETURNS SETOF uuid
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
  IF coalesce(array_length(indexed, 1), 0) = 0 THEN
    indexed := patterns;
  END IF;
  SELECT string_agg(c, ' AND ') INTO conditions FROM (
    SELECT format('search_text LIKE $3[%s]', i) AS c FROM generate_subscripts(indexed, 1) AS i
    UNION ALL
    SELECT format('(search_text || '''') LIKE $2[%s]', i) FROM generate_subscripts(patterns, 1) AS i
     WHERE NOT patterns[i] = ANY (indexed)
  ) AS parts;
  IF target = 'tickets' THEN
    RETURN QUERY EXECUTE format('SELECT ticket_id FROM ticket_search WHERE tenant_id = $1 AND %s', conditions)
      USING tenant, patterns, indexed;
  ELSE
    RETURN QUERY EXECUTE format('SELECT id FROM %I WHERE tenant_id = $1 AND %s', target, conditions)
      USING tenant, patterns, indexed;
  END IF;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_search_ids(text, text[], text[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_search_ids(text, text[], text[]) TO app_user;
