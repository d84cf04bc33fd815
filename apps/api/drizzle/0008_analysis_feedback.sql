CREATE TABLE "analysis_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"analysis_type" text NOT NULL,
	"analysis_id" uuid NOT NULL,
	"field" text NOT NULL,
	"verdict" text NOT NULL,
	"correction" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_feedback_user_field_unique" UNIQUE("user_id","analysis_type","analysis_id","field")
);
--> statement-breakpoint
ALTER TABLE "analysis_feedback" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "analysis_feedback" ADD CONSTRAINT "analysis_feedback_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_feedback" ADD CONSTRAINT "analysis_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_feedback_tenant_created_idx" ON "analysis_feedback" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "analysis_feedback" AS PERMISSIVE FOR ALL TO "app_user" USING ("analysis_feedback"."tenant_id" = (select app_current_tenant())) WITH CHECK ("analysis_feedback"."tenant_id" = (select app_current_tenant()));