-- What a tenant request (app_user) may ask of the identity provider's own tables, which it cannot
-- touch (migrations 0002 and 0005 revoke them): an admin's invitation queues its mail, and
-- disabling a person or changing their role ends their refresh tokens and open challenges.
-- Both run as the owner, and only for the transaction's tenant.
CREATE OR REPLACE FUNCTION app_enqueue_mail(to_address text, subject text, text_body text, html_body text)
  RETURNS uuid
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
DECLARE
  queued uuid;
BEGIN
  IF app_current_tenant() IS NULL THEN
    RAISE EXCEPTION 'app_enqueue_mail needs a tenant transaction';
  END IF;
  -- Reserved 30 s for the process that queued it (mail-queue.ts: it sends at once after commit).
  INSERT INTO mail_queue (to_address, subject, text_body, html_body, available_at)
  VALUES (to_address, subject, text_body, html_body, now() + interval '30 seconds')
  RETURNING id INTO queued;
  RETURN queued;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_enqueue_mail(text, text, text, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_enqueue_mail(text, text, text, text) TO app_user;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_end_user_sessions(target uuid)
  RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM users WHERE id = target AND tenant_id = app_current_tenant()) THEN
    RETURN;
  END IF;
  UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = target AND revoked_at IS NULL;
  DELETE FROM auth_challenges WHERE user_id = target;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_end_user_sessions(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_end_user_sessions(uuid) TO app_user;
