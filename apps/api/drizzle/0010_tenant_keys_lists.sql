-- Issue "Data layer at scale". Written by drizzle-kit, then edited by hand where Drizzle cannot
-- say it: the primary keys' names, ON DELETE SET NULL of one column of a (tenant_id, x) key, the
-- pg_trgm extension, the trigger that copies the newest analysis onto its ticket, and the backfill.
-- (tenant_id, id) keys and (tenant_id, x) foreign keys: PostgreSQL itself refuses a row that links
-- to another tenant's row.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "analysis_feedback" DROP CONSTRAINT "analysis_feedback_user_field_unique";--> statement-breakpoint
ALTER TABLE "message_analyses" DROP CONSTRAINT "message_analyses_version_unique";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_seq_unique";--> statement-breakpoint
ALTER TABLE "sla_episodes" DROP CONSTRAINT "sla_episodes_ticket_started_unique";--> statement-breakpoint
ALTER TABLE "ticket_analyses" DROP CONSTRAINT "ticket_analyses_version_unique";--> statement-breakpoint
ALTER TABLE "analysis_feedback" DROP CONSTRAINT "analysis_feedback_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "message_analyses" DROP CONSTRAINT "message_analyses_message_id_messages_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_ticket_id_tickets_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_expert_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_latest_analysis_id_message_analyses_id_fk";
--> statement-breakpoint
ALTER TABLE "alert_states" DROP CONSTRAINT "alert_states_ticket_id_tickets_id_fk";
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notification_states" DROP CONSTRAINT "notification_states_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notification_states" DROP CONSTRAINT "notification_states_notification_id_notifications_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_analyses" DROP CONSTRAINT "ticket_analyses_ticket_id_tickets_id_fk";
--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_latest_analysis_id_ticket_analyses_id_fk";
--> statement-breakpoint
DROP INDEX "users_tenant_idx";--> statement-breakpoint
DROP INDEX "messages_tenant_ticket_idx";--> statement-breakpoint
DROP INDEX "notification_states_notification_idx";--> statement-breakpoint
DROP INDEX "notifications_tenant_seq_idx";--> statement-breakpoint
DROP INDEX "tickets_tenant_customer_idx";--> statement-breakpoint
ALTER TABLE "alert_states" DROP CONSTRAINT "alert_states_ticket_id_alert_type_pk";--> statement-breakpoint
ALTER TABLE "notification_states" DROP CONSTRAINT "notification_states_user_id_notification_id_pk";--> statement-breakpoint
ALTER TABLE "analysis_feedback" DROP CONSTRAINT "analysis_feedback_pkey";--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_pkey";--> statement-breakpoint
ALTER TABLE "flagged_terms" DROP CONSTRAINT "flagged_terms_pkey";--> statement-breakpoint
ALTER TABLE "message_analyses" DROP CONSTRAINT "message_analyses_pkey";--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_pkey";--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_pkey";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_pkey";--> statement-breakpoint
ALTER TABLE "sla_episodes" DROP CONSTRAINT "sla_episodes_pkey";--> statement-breakpoint
ALTER TABLE "ticket_analyses" DROP CONSTRAINT "ticket_analyses_pkey";--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_pkey";--> statement-breakpoint
ALTER TABLE "analysis_feedback" ADD CONSTRAINT "analysis_feedback_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "flagged_terms" ADD CONSTRAINT "flagged_terms_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "message_analyses" ADD CONSTRAINT "message_analyses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "alert_states" ADD CONSTRAINT "alert_states_tenant_id_ticket_id_alert_type_pk" PRIMARY KEY("tenant_id","ticket_id","alert_type");--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id");--> statement-breakpoint
ALTER TABLE "notification_states" ADD CONSTRAINT "notification_states_tenant_id_user_id_notification_id_pk" PRIMARY KEY("tenant_id","user_id","notification_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "sla_episodes" ADD CONSTRAINT "sla_episodes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "ticket_analyses" ADD CONSTRAINT "ticket_analyses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_unique" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sentiment" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "csat_score" real;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "solved_status" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "contains_red_flags" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "requires_escalation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "requires_attention" boolean GENERATED ALWAYS AS (contains_red_flags or requires_escalation) STORED;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "red_flag_terms" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis_feedback" ADD CONSTRAINT "analysis_feedback_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_analyses" ADD CONSTRAINT "message_analyses_tenant_id_message_id_messages_tenant_id_id_fk" FOREIGN KEY ("tenant_id","message_id") REFERENCES "public"."messages"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_tenant_id_ticket_id_tickets_tenant_id_id_fk" FOREIGN KEY ("tenant_id","ticket_id") REFERENCES "public"."tickets"("tenant_id","id") ON DELETE SET NULL ("ticket_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_tenant_id_customer_id_customers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE SET NULL ("customer_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_tenant_id_expert_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","expert_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE SET NULL ("expert_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_tenant_id_latest_analysis_id_message_analyses_tenant_id_id_fk" FOREIGN KEY ("tenant_id","latest_analysis_id") REFERENCES "public"."message_analyses"("tenant_id","id") ON DELETE SET NULL ("latest_analysis_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_states" ADD CONSTRAINT "alert_states_tenant_id_ticket_id_tickets_tenant_id_id_fk" FOREIGN KEY ("tenant_id","ticket_id") REFERENCES "public"."tickets"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_states" ADD CONSTRAINT "notification_states_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_states" ADD CONSTRAINT "notification_states_tenant_id_notification_id_notifications_tenant_id_id_fk" FOREIGN KEY ("tenant_id","notification_id") REFERENCES "public"."notifications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_analyses" ADD CONSTRAINT "ticket_analyses_tenant_id_ticket_id_tickets_tenant_id_id_fk" FOREIGN KEY ("tenant_id","ticket_id") REFERENCES "public"."tickets"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_tenant_id_customer_id_customers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE SET NULL ("customer_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_tenant_id_latest_analysis_id_ticket_analyses_tenant_id_id_fk" FOREIGN KEY ("tenant_id","latest_analysis_id") REFERENCES "public"."ticket_analyses"("tenant_id","id") ON DELETE SET NULL ("latest_analysis_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_tenant_customer_idx" ON "messages" USING btree ("tenant_id","customer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_tenant_flagged_idx" ON "messages" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE flagged;--> statement-breakpoint
CREATE INDEX "messages_search_trgm_idx" ON "messages" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_tenant_sentiment_idx" ON "tickets" USING btree ("tenant_id","sentiment","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_tenant_solved_idx" ON "tickets" USING btree ("tenant_id","solved_status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_tenant_flagged_idx" ON "tickets" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE flagged;--> statement-breakpoint
CREATE INDEX "tickets_tenant_attention_idx" ON "tickets" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE requires_attention;--> statement-breakpoint
CREATE INDEX "tickets_tenant_csat_asc_idx" ON "tickets" USING btree ("tenant_id","csat_score","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_tenant_csat_desc_idx" ON "tickets" USING btree ("tenant_id","csat_score" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_search_trgm_idx" ON "tickets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_tenant_ticket_idx" ON "messages" USING btree ("tenant_id","ticket_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notification_states_notification_idx" ON "notification_states" USING btree ("tenant_id","notification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_tenant_seq_idx" ON "notifications" USING btree ("tenant_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_tenant_customer_idx" ON "tickets" USING btree ("tenant_id","customer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "analysis_feedback" ADD CONSTRAINT "analysis_feedback_user_field_unique" UNIQUE("tenant_id","user_id","analysis_type","analysis_id","field");--> statement-breakpoint
ALTER TABLE "message_analyses" ADD CONSTRAINT "message_analyses_version_unique" UNIQUE("tenant_id","message_id","version");--> statement-breakpoint
ALTER TABLE "sla_episodes" ADD CONSTRAINT "sla_episodes_ticket_started_unique" UNIQUE("tenant_id","ticket_id","started_at");--> statement-breakpoint
ALTER TABLE "ticket_analyses" ADD CONSTRAINT "ticket_analyses_version_unique" UNIQUE("tenant_id","ticket_id","version");--> statement-breakpoint
-- The newest analysis's filter fields live on the ticket (one index serves filter and order); this
-- trigger keeps them in the transaction that adds the analysis, whoever writes it. An older version
-- (an import written out of order) does not replace a newer one.
CREATE OR REPLACE FUNCTION ticket_analyses_newest() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tickets t SET
      latest_analysis_id = NEW.id,
      sentiment = NEW.overall_sentiment,
      csat_score = NEW.csat_score,
      solved_status = NEW.solved_status,
      contains_red_flags = NEW.contains_red_flags,
      requires_escalation = NEW.requires_escalation,
      red_flag_terms = ARRAY(
        SELECT DISTINCT translate(lower(w), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')
        FROM unnest(NEW.red_flag_words) AS w),
      updated_at = now()
    WHERE t.tenant_id = NEW.tenant_id AND t.id = NEW.ticket_id
      AND NOT EXISTS (
        SELECT 1 FROM ticket_analyses a
        WHERE a.tenant_id = t.tenant_id AND a.id = t.latest_analysis_id AND a.version > NEW.version);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ticket_analyses_newest AFTER INSERT ON ticket_analyses
  FOR EACH ROW EXECUTE FUNCTION ticket_analyses_newest();
--> statement-breakpoint
UPDATE tickets t SET
    sentiment = a.overall_sentiment,
    csat_score = a.csat_score,
    solved_status = a.solved_status,
    contains_red_flags = a.contains_red_flags,
    requires_escalation = a.requires_escalation,
    red_flag_terms = ARRAY(
      SELECT DISTINCT translate(lower(w), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')
      FROM unnest(a.red_flag_words) AS w)
  FROM ticket_analyses a
  WHERE a.tenant_id = t.tenant_id AND a.id = t.latest_analysis_id;
