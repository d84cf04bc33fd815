CREATE TABLE "audit_log" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"target" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "audit_log_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_tenant_created_idx" ON "audit_log" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE POLICY "audit_read" ON "audit_log" AS PERMISSIVE FOR SELECT TO "app_user" USING ("audit_log"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
CREATE POLICY "audit_append" ON "audit_log" AS PERMISSIVE FOR INSERT TO "app_user" WITH CHECK ("audit_log"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
-- The audit log is append-only for the application: app_user reads and adds its tenant's rows
-- (the two policies above), and may not change or remove one even without row-level security.
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_log" FROM app_user;
--> statement-breakpoint
-- Roles come from the token's groups ('admin', else agent). Until now every user could change
-- everything: each tenant without an enabled admin gets its oldest enabled user as its admin.
UPDATE "users" SET "groups" = array_append("groups", 'admin')
WHERE "id" IN (
  SELECT DISTINCT ON (candidate."tenant_id") candidate."id"
  FROM "users" candidate
  WHERE candidate."enabled"
    AND NOT EXISTS (
      SELECT 1 FROM "users" admin
      WHERE admin."tenant_id" = candidate."tenant_id" AND admin."enabled" AND 'admin' = ANY (admin."groups")
    )
  ORDER BY candidate."tenant_id", candidate."created_at", candidate."id"
);
