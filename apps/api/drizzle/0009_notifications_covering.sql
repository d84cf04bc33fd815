-- Index-only reads for the unread count and the lists (bench/notifications.ts): the tenant's
-- notifications in seq order with what the filters read, and a user's states with theirs.
-- Written by hand: Drizzle's schema cannot say INCLUDE (db/schema/notifications.ts points here).
CREATE INDEX IF NOT EXISTS "notifications_tenant_seq_cover_idx" ON "notifications" USING btree ("tenant_id", "seq" DESC)
  INCLUDE ("id", "created_at", "alert_type", "priority");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notification_states_user_cover_idx" ON "notification_states" USING btree ("user_id", "notification_id")
  INCLUDE ("read_at", "cleared_at", "tenant_id");
