-- Issue 33, goal 3: each user's notification counts kept by the transactions that change them, so
-- the bell's unread count (/notifications/stats, the totals of /unread and /all) reads at most one
-- row per (alert type, priority) instead of counting the tenant's notifications with their states.
-- A row holds, among the notifications the user sees (created since their account: users.created_at
-- <= created_at, as `visible` in notifications.repo.ts), how many they have not cleared (`total`)
-- and how many of those they have not read (`unread`). Preferences (muted types, minimum priority)
-- apply when reading: the sum of the allowed rows.
-- Kept by triggers, whatever writes (the alert rules, the seed, the bench, tests, pruning):
--   * a notification counts at COMMIT, in the deferred notifications_tenant_seq (0015) that numbers
--     it under the tenant row's lock: the tenant's notification commits are serialised already, so
--     the counters of its users are added in one statement per commit, in key order (no deadlock),
--     each lock held for moments;
--   * a state row written (read, cleared) takes its notification out at once (statement triggers
--     with transition tables: one statement per INSERT … ON CONFLICT of writeStates);
--   * a deleted notification (pruning) is taken out before it goes, with the user's state of it;
--   * a user counts from scratch at the commit that creates them or moves their created_at, under the
--     same tenant lock, so a notification committed just before or just after is counted once.
-- States are deleted only with their notification or their user (foreign keys), so no trigger
-- follows their deletion. Notifications are never updated but for tenant_seq (their type, priority
-- and creation time are not meant to change).
CREATE TABLE "notification_counts" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"alert_type" text NOT NULL,
	"priority" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "notification_counts_tenant_id_user_id_alert_type_priority_pk" PRIMARY KEY("tenant_id","user_id","alert_type","priority")
);
--> statement-breakpoint
ALTER TABLE "notification_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "notification_counts" ADD CONSTRAINT "notification_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_counts" ADD CONSTRAINT "notification_counts_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "notification_counts" AS PERMISSIVE FOR ALL TO "app_user" USING ("notification_counts"."tenant_id" = (select app_current_tenant())) WITH CHECK ("notification_counts"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
-- A user's counts from scratch: the numbered notifications they see, with their states of them
-- (a notification not numbered yet counts at its commit). SECURITY DEFINER as the other counters'
-- functions: the counts are the server's; the callers are triggers.
CREATE OR REPLACE FUNCTION notification_counts_recount(p_tenant uuid, p_user uuid) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  DELETE FROM notification_counts WHERE tenant_id = p_tenant AND user_id = p_user;
  INSERT INTO notification_counts (tenant_id, user_id, alert_type, priority, total, unread)
  SELECT p_tenant, p_user, n.alert_type, n.priority,
         count(*) FILTER (WHERE s.cleared_at IS NULL),
         count(*) FILTER (WHERE s.cleared_at IS NULL AND s.read_at IS NULL)
  FROM users u
  JOIN notifications n ON n.tenant_id = u.tenant_id AND n.created_at >= u.created_at AND n.tenant_seq IS NOT NULL
  LEFT JOIN notification_states s ON s.tenant_id = n.tenant_id AND s.user_id = u.id AND s.notification_id = n.id
  WHERE u.tenant_id = p_tenant AND u.id = p_user
  GROUP BY n.alert_type, n.priority;
END $$;--> statement-breakpoint
-- 0015's numbering, and then the counts of the rows it numbered for every user who sees them (their
-- states too: a state written before the number was not counted by the states' triggers).
CREATE OR REPLACE FUNCTION notifications_tenant_seq() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  base bigint;
  numbered bigint;
BEGIN
  PERFORM 1 FROM notifications WHERE tenant_id = NEW.tenant_id AND id = NEW.id AND tenant_seq IS NULL;
  IF NOT FOUND THEN
    RETURN NULL; -- numbered with an earlier row of its transaction (or deleted since)
  END IF;
  -- NO KEY UPDATE, as an UPDATE of the counter takes: FOR UPDATE would also wait for the key-share
  -- locks that every open transaction's notification insert holds on the tenant (its foreign key).
  SELECT notification_seq INTO base FROM tenants WHERE id = NEW.tenant_id FOR NO KEY UPDATE;
  WITH todo AS (
    SELECT id, row_number() OVER (ORDER BY seq) AS rn FROM notifications
    WHERE tenant_id = NEW.tenant_id AND tenant_seq IS NULL
  )
  UPDATE notifications n SET tenant_seq = base + todo.rn
    FROM todo WHERE n.tenant_id = NEW.tenant_id AND n.id = todo.id;
  GET DIAGNOSTICS numbered = ROW_COUNT;
  UPDATE tenants SET notification_seq = base + numbered WHERE id = NEW.tenant_id;
  INSERT INTO notification_counts AS c (tenant_id, user_id, alert_type, priority, total, unread)
  SELECT NEW.tenant_id, u.id, n.alert_type, n.priority,
         count(*) FILTER (WHERE s.cleared_at IS NULL),
         count(*) FILTER (WHERE s.cleared_at IS NULL AND s.read_at IS NULL)
  FROM notifications n
  JOIN users u ON u.tenant_id = n.tenant_id AND u.created_at <= n.created_at
  LEFT JOIN notification_states s ON s.tenant_id = n.tenant_id AND s.user_id = u.id AND s.notification_id = n.id
  WHERE n.tenant_id = NEW.tenant_id AND n.tenant_seq > base AND n.tenant_seq <= base + numbered
  GROUP BY u.id, n.alert_type, n.priority
  ORDER BY u.id, n.alert_type, n.priority
  ON CONFLICT (tenant_id, user_id, alert_type, priority) DO UPDATE
    SET total = c.total + excluded.total, unread = c.unread + excluded.unread;
  RETURN NULL;
END $$;--> statement-breakpoint
-- States written (INSERT … ON CONFLICT fires both): what each row hides or marks seen, against what it
-- did before, for numbered notifications the user sees.
CREATE OR REPLACE FUNCTION notification_states_count() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO notification_counts AS c (tenant_id, user_id, alert_type, priority, total, unread)
    SELECT s.tenant_id, s.user_id, n.alert_type, n.priority,
           -count(*) FILTER (WHERE s.cleared_at IS NOT NULL),
           -count(*) FILTER (WHERE s.cleared_at IS NOT NULL OR s.read_at IS NOT NULL)
    FROM new_states s
    JOIN notifications n ON n.tenant_id = s.tenant_id AND n.id = s.notification_id AND n.tenant_seq IS NOT NULL
    JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id AND u.created_at <= n.created_at
    WHERE s.cleared_at IS NOT NULL OR s.read_at IS NOT NULL
    GROUP BY s.tenant_id, s.user_id, n.alert_type, n.priority
    ORDER BY s.tenant_id, s.user_id, n.alert_type, n.priority
    ON CONFLICT (tenant_id, user_id, alert_type, priority) DO UPDATE
      SET total = c.total + excluded.total, unread = c.unread + excluded.unread;
  ELSE
    INSERT INTO notification_counts AS c (tenant_id, user_id, alert_type, priority, total, unread)
    SELECT d.tenant_id, d.user_id, d.alert_type, d.priority, sum(d.total), sum(d.unread)
    FROM (
      SELECT s.tenant_id, s.user_id, n.alert_type, n.priority,
             (o.cleared_at IS NOT NULL)::int - (s.cleared_at IS NOT NULL)::int AS total,
             (o.cleared_at IS NOT NULL OR o.read_at IS NOT NULL)::int
               - (s.cleared_at IS NOT NULL OR s.read_at IS NOT NULL)::int AS unread
      FROM new_states s
      JOIN old_states o ON o.tenant_id = s.tenant_id AND o.user_id = s.user_id AND o.notification_id = s.notification_id
      JOIN notifications n ON n.tenant_id = s.tenant_id AND n.id = s.notification_id AND n.tenant_seq IS NOT NULL
      JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id AND u.created_at <= n.created_at
    ) d
    WHERE d.total <> 0 OR d.unread <> 0
    GROUP BY d.tenant_id, d.user_id, d.alert_type, d.priority
    ORDER BY d.tenant_id, d.user_id, d.alert_type, d.priority
    ON CONFLICT (tenant_id, user_id, alert_type, priority) DO UPDATE
      SET total = c.total + excluded.total, unread = c.unread + excluded.unread;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER notification_states_count_insert AFTER INSERT ON notification_states
  REFERENCING NEW TABLE AS new_states FOR EACH STATEMENT EXECUTE FUNCTION notification_states_count();--> statement-breakpoint
CREATE TRIGGER notification_states_count_update AFTER UPDATE ON notification_states
  REFERENCING OLD TABLE AS old_states NEW TABLE AS new_states FOR EACH STATEMENT EXECUTE FUNCTION notification_states_count();--> statement-breakpoint
-- A numbered notification deleted: out of the counts of every user who sees it, as their state left
-- it (before the delete, while the state is there; the cascade then deletes the state).
CREATE OR REPLACE FUNCTION notifications_uncount() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF OLD.tenant_seq IS NULL THEN
    RETURN OLD; -- not counted yet (deleted in the transaction that inserted it)
  END IF;
  UPDATE notification_counts c
    SET total = c.total - d.total, unread = c.unread - d.unread
    FROM (
      SELECT u.id AS user_id,
             (s.cleared_at IS NULL)::int AS total,
             (s.cleared_at IS NULL AND s.read_at IS NULL)::int AS unread
      FROM users u
      LEFT JOIN notification_states s ON s.tenant_id = OLD.tenant_id AND s.user_id = u.id AND s.notification_id = OLD.id
      WHERE u.tenant_id = OLD.tenant_id AND u.created_at <= OLD.created_at
    ) d
    WHERE c.tenant_id = OLD.tenant_id AND c.user_id = d.user_id AND c.alert_type = OLD.alert_type
      AND c.priority = OLD.priority AND (d.total <> 0 OR d.unread <> 0);
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER notifications_uncount BEFORE DELETE ON notifications
  FOR EACH ROW EXECUTE FUNCTION notifications_uncount();--> statement-breakpoint
-- A user created (or their created_at moved): counted from scratch at commit, under the tenant's lock.
CREATE OR REPLACE FUNCTION users_notification_recount() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  PERFORM 1 FROM tenants WHERE id = NEW.tenant_id FOR NO KEY UPDATE;
  PERFORM notification_counts_recount(NEW.tenant_id, NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_notification_recount AFTER INSERT OR UPDATE OF created_at ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION users_notification_recount();--> statement-breakpoint
-- Existing users: counted once (the triggers above, made first, hold each table's lock until this
-- migration commits, so nothing written meanwhile is missed).
INSERT INTO notification_counts (tenant_id, user_id, alert_type, priority, total, unread)
SELECT u.tenant_id, u.id, n.alert_type, n.priority,
       count(*) FILTER (WHERE s.cleared_at IS NULL),
       count(*) FILTER (WHERE s.cleared_at IS NULL AND s.read_at IS NULL)
FROM users u
JOIN notifications n ON n.tenant_id = u.tenant_id AND n.created_at >= u.created_at AND n.tenant_seq IS NOT NULL
LEFT JOIN notification_states s ON s.tenant_id = n.tenant_id AND s.user_id = u.id AND s.notification_id = n.id
GROUP BY u.tenant_id, u.id, n.alert_type, n.priority;
--> statement-breakpoint
-- Messages: each tenant's count per direction and kind, so a list filtered by direction alone (the
-- filter without search the inbox offers) answers an exact total without counting the tenant's
-- messages (~12 ms for 100,000 through messages_tenant_direction_idx). Folded at COMMIT, under the
-- tenant row's lock (as the notification numbering takes it: one lock, then the counter rows, so
-- commits that write both directions cannot deadlock), held for moments. seed-bulk, which writes
-- with triggers off, counts its tenant again at the end.
CREATE TABLE "message_counts" (
	"tenant_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "message_counts_tenant_id_direction_kind_pk" PRIMARY KEY("tenant_id","direction","kind")
);
--> statement-breakpoint
ALTER TABLE "message_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "message_counts" ADD CONSTRAINT "message_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "message_counts" AS PERMISSIVE FOR ALL TO "app_user" USING ("message_counts"."tenant_id" = (select app_current_tenant())) WITH CHECK ("message_counts"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
-- Staged per statement (transition tables: a bulk insert stages one row per direction and kind, not
-- one per message) in message_count_deltas, folded at COMMIT by the deferred trigger on the staged
-- rows, as ticket_day_deltas below.
CREATE TABLE "message_count_deltas" (
	"xact" bigint NOT NULL,
	"tenant_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "message_count_deltas_tenant_id_xact_direction_kind_pk" PRIMARY KEY("tenant_id","xact","direction","kind")
);
--> statement-breakpoint
ALTER TABLE "message_count_deltas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "message_count_deltas" ADD CONSTRAINT "message_count_deltas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "message_count_deltas" AS PERMISSIVE FOR ALL TO "app_user" USING ("message_count_deltas"."tenant_id" = (select app_current_tenant())) WITH CHECK ("message_count_deltas"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
CREATE OR REPLACE FUNCTION messages_count_stage() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  -- (A statement names only the transition tables its trigger has: an INSERT's has no old rows.)
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, tenant_id, direction, kind FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, tenant_id, direction, kind FROM old_rows'
    ELSE 'SELECT 1 AS sign, tenant_id, direction, kind FROM new_rows
          UNION ALL SELECT -1 AS sign, tenant_id, direction, kind FROM old_rows' END;
BEGIN
  EXECUTE format($q$
  WITH changed AS (%s)
  INSERT INTO message_count_deltas AS d (xact, tenant_id, direction, kind, total)
  SELECT txid_current(), tenant_id, direction, kind, sum(sign) FROM changed
  -- (a tenant being deleted takes its messages and their counts: nothing to stage)
  WHERE EXISTS (SELECT 1 FROM tenants t WHERE t.id = changed.tenant_id)
  GROUP BY tenant_id, direction, kind HAVING sum(sign) <> 0
  ON CONFLICT (tenant_id, xact, direction, kind) DO UPDATE SET total = d.total + excluded.total$q$, changed);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER messages_count_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION messages_count_stage();--> statement-breakpoint
CREATE TRIGGER messages_count_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION messages_count_stage();--> statement-breakpoint
CREATE TRIGGER messages_count_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION messages_count_stage();--> statement-breakpoint
-- At COMMIT: the first staged row of a tenant folds the transaction's staged rows of that tenant,
-- in key order, under the tenant row's lock.
CREATE OR REPLACE FUNCTION message_count_deltas_fold() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  PERFORM 1 FROM message_count_deltas WHERE tenant_id = NEW.tenant_id AND xact = NEW.xact LIMIT 1;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM tenants WHERE id = NEW.tenant_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN -- (a deleted tenant's rows went with it)
    RETURN NULL;
  END IF;
  WITH folded AS (
    DELETE FROM message_count_deltas WHERE tenant_id = NEW.tenant_id AND xact = NEW.xact RETURNING *
  )
  INSERT INTO message_counts AS c (tenant_id, direction, kind, total)
  SELECT tenant_id, direction, kind, sum(total) FROM folded
  GROUP BY tenant_id, direction, kind ORDER BY direction, kind
  ON CONFLICT (tenant_id, direction, kind) DO UPDATE SET total = c.total + excluded.total;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER message_count_deltas_fold AFTER INSERT ON message_count_deltas
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION message_count_deltas_fold();--> statement-breakpoint
-- Existing messages, counted once (the trigger, made first, holds the table's lock until commit).
INSERT INTO message_counts (tenant_id, direction, kind, total)
SELECT tenant_id, direction, kind, count(*) FROM messages GROUP BY tenant_id, direction, kind;
--> statement-breakpoint
-- The dashboard: each tenant's tickets per São Paulo day of creation (UTC-3, as lib/periods.ts: no
-- daylight saving there since 2019), with the figures the dashboard sums (the tickets list's filters
-- of the same name), and the red-flag words of the day's tickets that need attention. A year's
-- dashboard reads ≤ 366 rows instead of ~100,000 index entries (~190 ms at 100,000 tickets on the
-- shared cores); a day the window cuts (one ending now) is still read from tickets_tenant_created_idx.
-- seed-bulk (triggers off) counts its tenant again. csat_sum is numeric: the stored scores' exact
-- decimals, as the dashboard sums them.
CREATE TABLE "ticket_days" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"solved" integer DEFAULT 0 NOT NULL,
	"in_progress" integer DEFAULT 0 NOT NULL,
	"not_solved" integer DEFAULT 0 NOT NULL,
	"positive" integer DEFAULT 0 NOT NULL,
	"negative" integer DEFAULT 0 NOT NULL,
	"neutral" integer DEFAULT 0 NOT NULL,
	"mixed" integer DEFAULT 0 NOT NULL,
	"csat_sum" numeric DEFAULT 0 NOT NULL,
	"csat_count" integer DEFAULT 0 NOT NULL,
	"csat_below_7" integer DEFAULT 0 NOT NULL,
	"attention" integer DEFAULT 0 NOT NULL,
	"escalation" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_days_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
CREATE TABLE "ticket_day_terms" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"term" text NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_day_terms_tenant_id_day_term_pk" PRIMARY KEY("tenant_id","day","term")
);
--> statement-breakpoint
ALTER TABLE "ticket_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ticket_day_terms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ticket_days" ADD CONSTRAINT "ticket_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_day_terms" ADD CONSTRAINT "ticket_day_terms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "ticket_days" AS PERMISSIVE FOR ALL TO "app_user" USING ("ticket_days"."tenant_id" = (select app_current_tenant())) WITH CHECK ("ticket_days"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "ticket_day_terms" AS PERMISSIVE FOR ALL TO "app_user" USING ("ticket_day_terms"."tenant_id" = (select app_current_tenant())) WITH CHECK ("ticket_day_terms"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
-- What a ticket statement changes, per tenant and day: staged in ticket_day_deltas by statement
-- triggers (transition tables: one row per day a statement touched, not per ticket — a bulk insert
-- of 10,000 tickets costs a few rows), folded into ticket_days at COMMIT by the deferred trigger on
-- the staged rows, under the tenant row's lock. Staging takes no lock others wait for; folding
-- takes the tenant lock before the day rows, as every counter of this migration does (no deadlock).
CREATE TABLE "ticket_day_deltas" (
	"xact" bigint NOT NULL,
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"term" text DEFAULT '' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"solved" integer DEFAULT 0 NOT NULL,
	"in_progress" integer DEFAULT 0 NOT NULL,
	"not_solved" integer DEFAULT 0 NOT NULL,
	"positive" integer DEFAULT 0 NOT NULL,
	"negative" integer DEFAULT 0 NOT NULL,
	"neutral" integer DEFAULT 0 NOT NULL,
	"mixed" integer DEFAULT 0 NOT NULL,
	"csat_sum" numeric DEFAULT 0 NOT NULL,
	"csat_count" integer DEFAULT 0 NOT NULL,
	"csat_below_7" integer DEFAULT 0 NOT NULL,
	"attention" integer DEFAULT 0 NOT NULL,
	"escalation" integer DEFAULT 0 NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_day_deltas_tenant_id_xact_day_term_pk" PRIMARY KEY("tenant_id","xact","day","term")
);
--> statement-breakpoint
ALTER TABLE "ticket_day_deltas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ticket_day_deltas" ADD CONSTRAINT "ticket_day_deltas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "ticket_day_deltas" AS PERMISSIVE FOR ALL TO "app_user" USING ("ticket_day_deltas"."tenant_id" = (select app_current_tenant())) WITH CHECK ("ticket_day_deltas"."tenant_id" = (select app_current_tenant()));--> statement-breakpoint
-- Stages a statement's changes: the new rows counted in, the old rows counted out (a row that did
-- not change cancels out), per tenant and day; the red-flag words of rows needing attention too.
CREATE OR REPLACE FUNCTION tickets_days_stage() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  -- (A statement names only the transition tables its trigger has: an INSERT's has no old rows.)
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows' END;
BEGIN
  EXECUTE format($q$
  WITH changed AS (%s), rows AS (
    SELECT sign, tenant_id, ((created_at AT TIME ZONE 'UTC') - interval '3 hours')::date AS day, solved_status,
      sentiment, csat_score, coalesce(requires_attention, false) AS attention, requires_escalation, red_flag_terms
    FROM changed
  ), days AS (
    SELECT tenant_id, day, ''::text AS term, sum(sign)::int AS total,
      sum(sign) FILTER (WHERE solved_status = 'solved') AS solved,
      sum(sign) FILTER (WHERE solved_status = 'in_progress') AS in_progress,
      sum(sign) FILTER (WHERE solved_status = 'not_solved') AS not_solved,
      sum(sign) FILTER (WHERE sentiment = 'positive') AS positive,
      sum(sign) FILTER (WHERE sentiment = 'negative') AS negative,
      sum(sign) FILTER (WHERE sentiment = 'neutral') AS neutral,
      sum(sign) FILTER (WHERE sentiment = 'mixed') AS mixed,
      sum(sign * csat_score::numeric) AS csat_sum,
      sum(sign) FILTER (WHERE csat_score IS NOT NULL) AS csat_count,
      sum(sign) FILTER (WHERE csat_score < 7) AS csat_below_7,
      sum(sign) FILTER (WHERE attention) AS attention,
      sum(sign) FILTER (WHERE requires_escalation) AS escalation,
      0::bigint AS tickets
    FROM rows GROUP BY tenant_id, day
    UNION ALL
    SELECT tenant_id, day, term, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, sum(sign)
    FROM rows CROSS JOIN LATERAL unnest(red_flag_terms) AS term
    WHERE attention AND term <> '' GROUP BY tenant_id, day, term
  )
  INSERT INTO ticket_day_deltas AS d (xact, tenant_id, day, term, total, solved, in_progress, not_solved, positive,
    negative, neutral, mixed, csat_sum, csat_count, csat_below_7, attention, escalation, tickets)
  SELECT txid_current(), tenant_id, day, term, total, coalesce(solved, 0), coalesce(in_progress, 0),
    coalesce(not_solved, 0), coalesce(positive, 0), coalesce(negative, 0), coalesce(neutral, 0),
    coalesce(mixed, 0), coalesce(csat_sum, 0), coalesce(csat_count, 0), coalesce(csat_below_7, 0),
    coalesce(attention, 0), coalesce(escalation, 0), tickets
  FROM days
  -- (a tenant being deleted takes its tickets and their days: nothing to stage)
  WHERE EXISTS (SELECT 1 FROM tenants t WHERE t.id = days.tenant_id) AND (total <> 0 OR solved <> 0 OR in_progress <> 0 OR not_solved <> 0 OR positive <> 0 OR negative <> 0
    OR neutral <> 0 OR mixed <> 0 OR csat_sum <> 0 OR csat_count <> 0 OR csat_below_7 <> 0 OR attention <> 0
    OR escalation <> 0 OR tickets <> 0)
  ON CONFLICT (tenant_id, xact, day, term) DO UPDATE SET
    total = d.total + excluded.total, solved = d.solved + excluded.solved,
    in_progress = d.in_progress + excluded.in_progress, not_solved = d.not_solved + excluded.not_solved,
    positive = d.positive + excluded.positive, negative = d.negative + excluded.negative,
    neutral = d.neutral + excluded.neutral, mixed = d.mixed + excluded.mixed,
    csat_sum = d.csat_sum + excluded.csat_sum, csat_count = d.csat_count + excluded.csat_count,
    csat_below_7 = d.csat_below_7 + excluded.csat_below_7, attention = d.attention + excluded.attention,
    escalation = d.escalation + excluded.escalation, tickets = d.tickets + excluded.tickets$q$, changed);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER tickets_days_insert AFTER INSERT ON tickets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tickets_days_stage();--> statement-breakpoint
CREATE TRIGGER tickets_days_update AFTER UPDATE ON tickets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tickets_days_stage();--> statement-breakpoint
CREATE TRIGGER tickets_days_delete AFTER DELETE ON tickets
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tickets_days_stage();--> statement-breakpoint
-- At COMMIT: the first staged row of a tenant folds all of the transaction's staged rows of that
-- tenant (the others find theirs gone), day by day in key order, under the tenant row's lock.
CREATE OR REPLACE FUNCTION ticket_day_deltas_fold() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  PERFORM 1 FROM ticket_day_deltas WHERE tenant_id = NEW.tenant_id AND xact = NEW.xact LIMIT 1;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM tenants WHERE id = NEW.tenant_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN -- (a deleted tenant's rows went with it)
    RETURN NULL;
  END IF;
  WITH folded AS (
    DELETE FROM ticket_day_deltas WHERE tenant_id = NEW.tenant_id AND xact = NEW.xact RETURNING *
  ), days AS (
    INSERT INTO ticket_days AS r (tenant_id, day, total, solved, in_progress, not_solved, positive, negative,
      neutral, mixed, csat_sum, csat_count, csat_below_7, attention, escalation)
    SELECT tenant_id, day, sum(total), sum(solved), sum(in_progress), sum(not_solved), sum(positive),
      sum(negative), sum(neutral), sum(mixed), sum(csat_sum), sum(csat_count), sum(csat_below_7),
      sum(attention), sum(escalation)
    FROM folded WHERE term = '' GROUP BY tenant_id, day ORDER BY day
    ON CONFLICT (tenant_id, day) DO UPDATE SET
      total = r.total + excluded.total, solved = r.solved + excluded.solved,
      in_progress = r.in_progress + excluded.in_progress, not_solved = r.not_solved + excluded.not_solved,
      positive = r.positive + excluded.positive, negative = r.negative + excluded.negative,
      neutral = r.neutral + excluded.neutral, mixed = r.mixed + excluded.mixed,
      csat_sum = r.csat_sum + excluded.csat_sum, csat_count = r.csat_count + excluded.csat_count,
      csat_below_7 = r.csat_below_7 + excluded.csat_below_7, attention = r.attention + excluded.attention,
      escalation = r.escalation + excluded.escalation
    RETURNING 1
  )
  INSERT INTO ticket_day_terms AS r (tenant_id, day, term, tickets)
  SELECT tenant_id, day, term, sum(tickets) FROM folded WHERE term <> ''
  GROUP BY tenant_id, day, term ORDER BY day, term
  ON CONFLICT (tenant_id, day, term) DO UPDATE SET tickets = r.tickets + excluded.tickets;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ticket_day_deltas_fold AFTER INSERT ON ticket_day_deltas
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ticket_day_deltas_fold();--> statement-breakpoint
-- A tenant's days from its tickets (the backfill, and seed-bulk after writing with triggers off).
CREATE OR REPLACE FUNCTION ticket_days_recount(p_tenant uuid) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  DELETE FROM ticket_days WHERE tenant_id = p_tenant;
  DELETE FROM ticket_day_terms WHERE tenant_id = p_tenant;
  INSERT INTO ticket_days (tenant_id, day, total, solved, in_progress, not_solved, positive, negative,
    neutral, mixed, csat_sum, csat_count, csat_below_7, attention, escalation)
  SELECT tenant_id, ((created_at AT TIME ZONE 'UTC') - interval '3 hours')::date, count(*),
    count(*) FILTER (WHERE solved_status = 'solved'), count(*) FILTER (WHERE solved_status = 'in_progress'),
    count(*) FILTER (WHERE solved_status = 'not_solved'), count(*) FILTER (WHERE sentiment = 'positive'),
    count(*) FILTER (WHERE sentiment = 'negative'), count(*) FILTER (WHERE sentiment = 'neutral'),
    count(*) FILTER (WHERE sentiment = 'mixed'), coalesce(sum(csat_score::numeric), 0), count(csat_score),
    count(*) FILTER (WHERE csat_score < 7), count(*) FILTER (WHERE requires_attention),
    count(*) FILTER (WHERE requires_escalation)
  FROM tickets WHERE tenant_id = p_tenant GROUP BY 1, 2;
  INSERT INTO ticket_day_terms (tenant_id, day, term, tickets)
  SELECT tenant_id, ((created_at AT TIME ZONE 'UTC') - interval '3 hours')::date, term, count(*)
  FROM tickets CROSS JOIN LATERAL unnest(red_flag_terms) AS term
  WHERE tenant_id = p_tenant AND requires_attention AND term <> '' GROUP BY 1, 2, 3;
END $$;--> statement-breakpoint
-- Only the owner (migrations, seed-bulk) recounts: app_user never names another tenant's rows.
REVOKE ALL ON FUNCTION ticket_days_recount(uuid) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION notification_counts_recount(uuid, uuid) FROM PUBLIC;--> statement-breakpoint
SELECT ticket_days_recount(id) FROM tenants;
