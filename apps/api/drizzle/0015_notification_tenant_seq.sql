-- Issue 26, item 9: each tenant numbers its own notifications 1, 2, 3… (the live stream's ids no
-- longer show other tenants' alert volume) in commit order (the stream reads "after the last one
-- it sent" and loses nothing).
-- Lock order: "tenants" before "notifications", the order the app's alert transactions take them
-- (the tenant row's key-share lock of the foreign key, then the insert): Drizzle runs pending
-- migrations in one transaction that holds both ACCESS EXCLUSIVE locks through the backfill, and
-- the other order could deadlock with an old process's alert during a rolling deploy.
-- Cost: the backfill rewrites every row of "notifications" (and the unique index is built after
-- it): on a big database, run this migration in a quiet window.
ALTER TABLE "tenants" ADD COLUMN "notification_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "tenant_seq" bigint;--> statement-breakpoint
-- Existing rows: numbered per tenant in their seq order; each tenant's counter at its highest.
UPDATE "notifications" n SET "tenant_seq" = r.rn
  FROM (SELECT "tenant_id", "id", row_number() OVER (PARTITION BY "tenant_id" ORDER BY "seq") AS rn FROM "notifications") r
  WHERE n."tenant_id" = r."tenant_id" AND n."id" = r."id";--> statement-breakpoint
UPDATE "tenants" t SET "notification_seq" = m.top
  FROM (SELECT "tenant_id", max("tenant_seq") AS top FROM "notifications" GROUP BY "tenant_id") m
  WHERE t."id" = m."tenant_id";--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_tenant_tenant_seq_idx" ON "notifications" USING btree ("tenant_id","tenant_seq");--> statement-breakpoint
-- Every notification insert (alerts, the seed, the bench, tests) is numbered at COMMIT (a deferred
-- trigger), whatever the insert said: locking the tenant's row until that commit ends serialises
-- the tenant's notification commits, so their numbers follow commit order — a reader that sees
-- number n sees every number below it. Taken at commit, not at the insert, the lock is held for
-- moments and always last in its transaction (no deadlock with the ticket rows an analysis or
-- the SLA monitor locks first). The first row's call numbers all of the transaction's rows of
-- that tenant at once (the only ones without a number: committed rows all have one), in seq
-- order, so a bulk insert costs one UPDATE, not one per row; the other rows' calls find theirs
-- numbered already. SECURITY DEFINER as flagged_terms_guard (0005): the counter is the server's,
-- not a column tenant requests write; row-level security checked the rows' tenant at the insert.
CREATE OR REPLACE FUNCTION notifications_tenant_seq() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  base bigint;
  numbered bigint;
BEGIN
  PERFORM 1 FROM notifications WHERE tenant_id = NEW.tenant_id AND id = NEW.id AND tenant_seq IS NULL;
  IF NOT FOUND THEN
    RETURN NULL; -- numbered with an earlier row of its transaction (or deleted since)
  END IF;
  -- NO KEY UPDATE, as an UPDATE of the counter takes: FOR UPDATE would also wait for the key-share
  -- locks that every open transaction's notification insert holds on the tenant (its foreign key).
  SELECT notification_seq INTO base FROM tenants WHERE id = NEW.tenant_id FOR NO KEY UPDATE;
  WITH todo AS (
    SELECT id, row_number() OVER (ORDER BY seq) AS rn FROM notifications
    WHERE tenant_id = NEW.tenant_id AND tenant_seq IS NULL
  )
  UPDATE notifications n SET tenant_seq = base + todo.rn
    FROM todo WHERE n.tenant_id = NEW.tenant_id AND n.id = todo.id;
  GET DIAGNOSTICS numbered = ROW_COUNT;
  UPDATE tenants SET notification_seq = base + numbered WHERE id = NEW.tenant_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER notifications_tenant_seq AFTER INSERT ON notifications
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION notifications_tenant_seq();--> statement-breakpoint
-- The number is the trigger's alone: whatever an insert supplies is dropped before the row is
-- written, so a made-up tenant_seq can neither skip its numbering nor collide with the number
-- another transaction's commit gives (a unique violation at that commit).
CREATE OR REPLACE FUNCTION notifications_tenant_seq_unset() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp
  AS $$
BEGIN
  NEW.tenant_seq := NULL;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER notifications_tenant_seq_unset BEFORE INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION notifications_tenant_seq_unset();
