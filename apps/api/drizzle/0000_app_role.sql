-- The role tenant requests run as (SET LOCAL ROLE app_user). Roles are cluster-wide, so another
-- database on the same server may have created it already.
DO $$ BEGIN
  CREATE ROLE app_user NOLOGIN NOSUPERUSER NOBYPASSRLS;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
-- A non-superuser owner must be a member of app_user to SET ROLE to it; superusers need nothing.
DO $$ BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT app_user TO %I', current_user);
  END IF;
EXCEPTION WHEN OTHERS THEN
  RAISE WARNING 'could not grant app_user to %: %', current_user, SQLERRM;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO app_user;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO app_user;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO app_user;
--> statement-breakpoint
-- The tenant of the current transaction, set by withTenant(); NULL outside one, which matches no row.
CREATE OR REPLACE FUNCTION app_current_tenant() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.tenant_id', true), '')::uuid $$;
