CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"document" text NOT NULL,
	"company" text,
	"email" text,
	"phone" text,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_tenant_document_unique" UNIQUE("tenant_id","document")
);
--> statement-breakpoint
ALTER TABLE "customers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "flagged_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"term" text NOT NULL,
	"term_folded" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flagged_terms_tenant_term_unique" UNIQUE("tenant_id","term_folded")
);
--> statement-breakpoint
ALTER TABLE "flagged_terms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "message_analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"provider" text NOT NULL,
	"model" text,
	"provider_error" text,
	"sentiment" text NOT NULL,
	"intent" text NOT NULL,
	"urgency_level" text NOT NULL,
	"confidence_score" real NOT NULL,
	"language_detected" text NOT NULL,
	"contains_red_flags" boolean NOT NULL,
	"red_flag_words" text[] NOT NULL,
	"suggested_responses" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_analyses_version_unique" UNIQUE("message_id","version")
);
--> statement-breakpoint
ALTER TABLE "message_analyses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"content" text NOT NULL,
	"direction" text NOT NULL,
	"channel" text DEFAULT 'web' NOT NULL,
	"ticket_id" uuid,
	"customer_id" uuid,
	"expert_id" uuid,
	"flagged" boolean DEFAULT false NOT NULL,
	"latest_analysis_id" uuid,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ticket_analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"provider" text NOT NULL,
	"model" text,
	"provider_error" text,
	"overall_sentiment" text NOT NULL,
	"complexity_score" real NOT NULL,
	"confidence_score" real NOT NULL,
	"csat_score" real NOT NULL,
	"solved_status" text NOT NULL,
	"analysis_explanation" text NOT NULL,
	"contains_red_flags" boolean NOT NULL,
	"red_flag_words" text[] NOT NULL,
	"requires_escalation" boolean NOT NULL,
	"escalation_reasons" text[] NOT NULL,
	"urgency_level" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_analyses_version_unique" UNIQUE("ticket_id","version")
);
--> statement-breakpoint
ALTER TABLE "ticket_analyses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"title" text,
	"content" text NOT NULL,
	"conversation_text" text,
	"customer_id" uuid,
	"customer_name" text,
	"flagged" boolean DEFAULT false NOT NULL,
	"latest_analysis_id" uuid,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "digisac_host" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "digisac_token" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "max_customer_wait_time_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flagged_terms" ADD CONSTRAINT "flagged_terms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_analyses" ADD CONSTRAINT "message_analyses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_analyses" ADD CONSTRAINT "message_analyses_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_latest_analysis_id_message_analyses_id_fk" FOREIGN KEY ("latest_analysis_id") REFERENCES "public"."message_analyses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_analyses" ADD CONSTRAINT "ticket_analyses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_analyses" ADD CONSTRAINT "ticket_analyses_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_latest_analysis_id_ticket_analyses_id_fk" FOREIGN KEY ("latest_analysis_id") REFERENCES "public"."ticket_analyses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_tenant_created_idx" ON "customers" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_tenant_created_idx" ON "messages" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_tenant_ticket_idx" ON "messages" USING btree ("tenant_id","ticket_id");--> statement-breakpoint
CREATE INDEX "tickets_tenant_created_idx" ON "tickets" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_tenant_customer_idx" ON "tickets" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "customers" AS PERMISSIVE FOR ALL TO "app_user" USING ("customers"."tenant_id" = app_current_tenant()) WITH CHECK ("customers"."tenant_id" = app_current_tenant());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "flagged_terms" AS PERMISSIVE FOR ALL TO "app_user" USING ("flagged_terms"."tenant_id" = app_current_tenant()) WITH CHECK ("flagged_terms"."tenant_id" = app_current_tenant());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "message_analyses" AS PERMISSIVE FOR ALL TO "app_user" USING ("message_analyses"."tenant_id" = app_current_tenant()) WITH CHECK ("message_analyses"."tenant_id" = app_current_tenant());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "messages" AS PERMISSIVE FOR ALL TO "app_user" USING ("messages"."tenant_id" = app_current_tenant()) WITH CHECK ("messages"."tenant_id" = app_current_tenant());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "ticket_analyses" AS PERMISSIVE FOR ALL TO "app_user" USING ("ticket_analyses"."tenant_id" = app_current_tenant()) WITH CHECK ("ticket_analyses"."tenant_id" = app_current_tenant());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tickets" AS PERMISSIVE FOR ALL TO "app_user" USING ("tickets"."tenant_id" = app_current_tenant()) WITH CHECK ("tickets"."tenant_id" = app_current_tenant());