import { z } from 'zod';
import {
  emptyToUndefined,
  pageMeta,
  pageQuerySchema,
  pageWithinReach,
  queryDate,
  querySearch,
  timestamp,
} from './common.ts';

/** What the audit log records, one action per kind of change. */
export const auditActions = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'settings.updated',
  'flagged_term.created',
  'flagged_term.updated',
  'flagged_term.deleted',
  'user.invited',
  'user.invitation_resent',
  'user.updated',
  'export.tickets_csv',
  'export.analysis_feedback',
  'digisac.realtime_enabled',
  'digisac.realtime_disabled',
  'digisac.import_started',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditActionLabels: Record<AuditAction, string> = {
  'auth.sign_in': 'Login',
  'auth.sign_in_failed': 'Login recusado',
  'settings.updated': 'Configurações alteradas',
  'flagged_term.created': 'Termo sinalizado criado',
  'flagged_term.updated': 'Termo sinalizado alterado',
  'flagged_term.deleted': 'Termo sinalizado excluído',
  'user.invited': 'Pessoa convidada',
  'user.invitation_resent': 'Convite reenviado',
  'user.updated': 'Pessoa alterada',
  'export.tickets_csv': 'Exportação de tickets (CSV)',
  'export.analysis_feedback': 'Exportação de avaliações (JSONL)',
  'digisac.realtime_enabled': 'DigiSac: tempo real ligado',
  'digisac.realtime_disabled': 'DigiSac: tempo real desligado',
  'digisac.import_started': 'DigiSac: importação iniciada',
};

/** How long audit rows are kept. */
export const auditRetentionDays = 400;

export const auditEntrySchema = z.object({
  id: z.uuid(),
  created_at: timestamp,
  action: z.enum(auditActions),
  /** Who did it; null for what nobody signed in did (a refused sign-in names its e-mail in actor_email). */
  actor_id: z.uuid().nullable(),
  actor_email: z.string().nullable(),
  /** What it was done to, as people read it (an e-mail, a term); null when the action says it all. */
  target: z.string().nullable(),
  /** The change: fields changed, before/after, filters (never a secret's value). */
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = z.object({ entries: z.array(auditEntrySchema), ...pageMeta });
export type AuditList = z.infer<typeof auditListSchema>;

export const listAuditQuerySchema = pageQuerySchema
  .extend({
    /** Part of the actor's e-mail (case-insensitive). */
    actor: querySearch.describe("Part of the actor's e-mail, case-insensitive"),
    action: z.preprocess(
      emptyToUndefined,
      z.enum(auditActions, { message: 'Ação desconhecida.' }).optional(),
    ),
    start_date: queryDate,
    end_date: queryDate,
  })
  .superRefine(pageWithinReach);
export type ListAuditQuery = z.infer<typeof listAuditQuerySchema>;
