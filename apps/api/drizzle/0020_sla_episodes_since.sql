-- Issue 31: 'SLA cumprido' counts the episodes started since every wait became one (0019 recorded
-- only breached ones before). Existing tenants start now (the default is evaluated once, when the
-- column is added); a new tenant starts at its creation.
ALTER TABLE "tenants" ADD COLUMN "sla_episodes_since" timestamp with time zone DEFAULT now() NOT NULL;
