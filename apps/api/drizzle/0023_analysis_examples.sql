-- Issue 32: the team's corrections as per-tenant examples (analysis_examples, under RLS like every
-- tenant table; neighbours by pg_trgm similarity through its trigram index), the tenant setting that
-- turns their use off, and the explanation a message analysis carries when they changed it.
CREATE TABLE "analysis_examples" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"feedback_id" uuid NOT NULL,
	"field" text NOT NULL,
	"label" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_examples_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "analysis_examples_feedback_unique" UNIQUE("tenant_id","feedback_id"),
	CONSTRAINT "analysis_examples_text_length_check" CHECK (char_length("analysis_examples"."text") <= 2000),
	CONSTRAINT "analysis_examples_field_check" CHECK ("analysis_examples"."field" in ('sentiment', 'intent'))
);
--> statement-breakpoint
ALTER TABLE "analysis_examples" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "message_analyses" ADD COLUMN "explanation" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "learn_from_corrections" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis_examples" ADD CONSTRAINT "analysis_examples_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_examples" ADD CONSTRAINT "analysis_examples_tenant_id_feedback_id_analysis_feedback_tenant_id_id_fk" FOREIGN KEY ("tenant_id","feedback_id") REFERENCES "public"."analysis_feedback"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_examples_tenant_created_idx" ON "analysis_examples" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "analysis_examples_text_trgm_idx" ON "analysis_examples" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "analysis_examples" AS PERMISSIVE FOR ALL TO "app_user" USING ("analysis_examples"."tenant_id" = (select app_current_tenant())) WITH CHECK ("analysis_examples"."tenant_id" = (select app_current_tenant()));