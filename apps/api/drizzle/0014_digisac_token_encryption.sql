ALTER TABLE "tenants" ADD COLUMN "digisac_token_key_id" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "digisac_token_last4" text;