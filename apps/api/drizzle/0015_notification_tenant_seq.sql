-- Issue 26, item 9: each tenant numbers its own notifications 1, 2, 3… (the live stream's ids no
-- longer show other tenants' alert volume) in commit order (the stream reads "after the last one
-- it sent" and loses nothing).
ALTER TABLE "notifications" ADD COLUMN "tenant_seq" bigint;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "notification_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing rows: numbered per tenant in their seq order; each tenant's counter at its highest.
UPDATE "notifications" n SET "tenant_seq" = r.rn
  FROM (SELECT "tenant_id", "id", row_number() OVER (PARTITION BY "tenant_id" ORDER BY "seq") AS rn FROM "notifications") r
  WHERE n."tenant_id" = r."tenant_id" AND n."id" = r."id";--> statement-breakpoint
UPDATE "tenants" t SET "notification_seq" = m.top
  FROM (SELECT "tenant_id", max("tenant_seq") AS top FROM "notifications" GROUP BY "tenant_id") m
  WHERE t."id" = m."tenant_id";--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_tenant_tenant_seq_idx" ON "notifications" USING btree ("tenant_id","tenant_seq");--> statement-breakpoint
-- Every notification insert (alerts, the seed, the bench, tests) gets the next number of its
-- tenant at COMMIT (a deferred trigger), whatever the insert said: the UPDATE … RETURNING locks
-- the tenant's row until that commit ends, so the tenant's notification commits are serialised
-- and their numbers follow commit order — a reader that sees number n sees every number below
-- it. Taken at commit, not at the insert, the lock is held for microseconds and always last in
-- its transaction (no deadlock with the ticket rows an analysis or the SLA monitor locks first).
-- SECURITY DEFINER as flagged_terms_guard (0005): the counter is the server's, not a column tenant
-- requests write. Row-level security already checked the notification's tenant at the insert.
CREATE OR REPLACE FUNCTION notifications_tenant_seq() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
DECLARE
  next bigint;
BEGIN
  UPDATE tenants SET notification_seq = notification_seq + 1 WHERE id = NEW.tenant_id
    RETURNING notification_seq INTO next;
  UPDATE notifications SET tenant_seq = next WHERE tenant_id = NEW.tenant_id AND id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER notifications_tenant_seq AFTER INSERT ON notifications
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION notifications_tenant_seq();
