CREATE TABLE "api_request_counts" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "api_request_counts_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "mail_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "terms_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Server-side state, not for tenant requests (see db/schema/security.ts).
REVOKE ALL ON "security_counters", "mail_queue", "api_request_counts" FROM app_user;
--> statement-breakpoint
-- Every flagged-term write bumps the tenant's terms_version (cached matchers on every process
-- compare it) and, by locking the tenant's row, serialises term writes per tenant so the cap of
-- 1,000 terms (active or not) holds under concurrency. A tenant over the cap may only delete.
CREATE OR REPLACE FUNCTION flagged_terms_guard() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
DECLARE
  owner uuid;
  total integer;
BEGIN
  IF TG_OP = 'DELETE' THEN owner := OLD.tenant_id; ELSE owner := NEW.tenant_id; END IF;
  UPDATE tenants SET terms_version = terms_version + 1 WHERE id = owner;
  IF TG_OP <> 'DELETE' THEN
    SELECT count(*) INTO total FROM flagged_terms WHERE tenant_id = owner;
    IF total >= 1000 AND (TG_OP = 'INSERT' OR total > 1000) THEN
      RAISE EXCEPTION 'flagged terms cap reached' USING ERRCODE = 'AT409';
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER flagged_terms_guard BEFORE INSERT OR UPDATE OR DELETE ON flagged_terms
  FOR EACH ROW EXECUTE FUNCTION flagged_terms_guard();
