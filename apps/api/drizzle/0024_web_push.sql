-- Issue 34: Web Push. push_subscriptions (a user's devices, one row per push endpoint in the tenant),
-- push_outbox (one push to send per notification and device: workers claim due rows FOR UPDATE SKIP
-- LOCKED, send outside any transaction, then delete or put them off) and push_ticket_marks (one
-- push per user and ticket within 60 s); all under RLS tenant_isolation, keys led by tenant_id.
CREATE TABLE "push_outbox" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"payload" text NOT NULL,
	"urgency" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_outbox_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "push_outbox_urgency_check" CHECK ("push_outbox"."urgency" in ('high', 'normal'))
);
--> statement-breakpoint
ALTER TABLE "push_outbox" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("tenant_id","endpoint"),
	CONSTRAINT "push_subscriptions_endpoint_length_check" CHECK (char_length("push_subscriptions"."endpoint") <= 2048)
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "push_ticket_marks" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"pushed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_ticket_marks_tenant_id_user_id_ticket_id_pk" PRIMARY KEY("tenant_id","user_id","ticket_id")
);
--> statement-breakpoint
ALTER TABLE "push_ticket_marks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_tenant_id_subscription_id_push_subscriptions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","subscription_id") REFERENCES "public"."push_subscriptions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_ticket_marks" ADD CONSTRAINT "push_ticket_marks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_ticket_marks" ADD CONSTRAINT "push_ticket_marks_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_outbox_due_idx" ON "push_outbox" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "push_outbox_subscription_idx" ON "push_outbox" USING btree ("tenant_id","subscription_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "push_ticket_marks_pushed_idx" ON "push_ticket_marks" USING btree ("pushed_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "push_outbox" AS PERMISSIVE FOR ALL TO "app_user" USING ("push_outbox"."tenant_id" = (select app_current_tenant())) WITH CHECK ("push_outbox"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "push_subscriptions" AS PERMISSIVE FOR ALL TO "app_user" USING ("push_subscriptions"."tenant_id" = (select app_current_tenant())) WITH CHECK ("push_subscriptions"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "push_ticket_marks" AS PERMISSIVE FOR ALL TO "app_user" USING ("push_ticket_marks"."tenant_id" = (select app_current_tenant())) WITH CHECK ("push_ticket_marks"."tenant_id" = (select app_current_tenant()));