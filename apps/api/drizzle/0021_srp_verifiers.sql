CREATE TABLE "srp_claims" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"address" text NOT NULL,
	"tested" boolean NOT NULL,
	"fallback_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "srp_salt" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "srp_verifier" text;--> statement-breakpoint
-- The identity provider's own table: app_user has no rights on it (as on refresh_tokens and the
-- other identity tables). The verifier columns of users stay readable by app_user like the
-- password hash; no API answer carries them.
REVOKE ALL ON "srp_claims" FROM app_user;
