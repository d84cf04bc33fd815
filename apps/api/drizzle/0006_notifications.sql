CREATE TABLE "alert_states" (
	"tenant_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"alert_type" text NOT NULL,
	"active" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_states_ticket_id_alert_type_pk" PRIMARY KEY("ticket_id","alert_type")
);
--> statement-breakpoint
ALTER TABLE "alert_states" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"muted_alert_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_priority" text DEFAULT 'low' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notification_states" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"read_at" timestamp with time zone,
	"cleared_at" timestamp with time zone,
	CONSTRAINT "notification_states_user_id_notification_id_pk" PRIMARY KEY("user_id","notification_id")
);
--> statement-breakpoint
ALTER TABLE "notification_states" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"tenant_id" uuid NOT NULL,
	"alert_type" text NOT NULL,
	"priority" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"ticket_id" uuid,
	"message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
ALTER TABLE "notifications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "alert_states" ADD CONSTRAINT "alert_states_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_states" ADD CONSTRAINT "alert_states_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_states" ADD CONSTRAINT "notification_states_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_states" ADD CONSTRAINT "notification_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_states" ADD CONSTRAINT "notification_states_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_states_notification_idx" ON "notification_states" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "notifications_tenant_seq_idx" ON "notifications" USING btree ("tenant_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "alert_states" AS PERMISSIVE FOR ALL TO "app_user" USING ("alert_states"."tenant_id" = (select app_current_tenant())) WITH CHECK ("alert_states"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "notification_preferences" AS PERMISSIVE FOR ALL TO "app_user" USING ("notification_preferences"."tenant_id" = (select app_current_tenant())) WITH CHECK ("notification_preferences"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "notification_states" AS PERMISSIVE FOR ALL TO "app_user" USING ("notification_states"."tenant_id" = (select app_current_tenant())) WITH CHECK ("notification_states"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "notifications" AS PERMISSIVE FOR ALL TO "app_user" USING ("notifications"."tenant_id" = (select app_current_tenant())) WITH CHECK ("notifications"."tenant_id" = (select app_current_tenant()));