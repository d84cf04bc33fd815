-- The newest analysis's fields copied onto tickets go together (red flags and escalation come with
-- negative sentiment, and both imply requires_attention): the planner, multiplying their separate
-- frequencies, guessed 105 rows for "negative with red flags" where 1,434 matched (issue 33). Their
-- joint frequencies (mcv) and dependencies give it the real figure (1,333 estimated).
CREATE STATISTICS IF NOT EXISTS "tickets_analysis_fields_stats" (mcv, dependencies)
  ON "sentiment", "solved_status", "contains_red_flags", "requires_escalation", "requires_attention"
  FROM "tickets";
--> statement-breakpoint
ANALYZE "tickets";
