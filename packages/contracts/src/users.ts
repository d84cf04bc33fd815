import { z } from 'zod';
import { timestamp } from './common.ts';

/** What a user may do: `admin` also changes the organisation's settings, flagged terms and people. */
export const roles = ['admin', 'agent'] as const;
export const roleSchema = z.enum(roles, { message: 'Use admin ou agent.' });
export type Role = z.infer<typeof roleSchema>;

export const roleLabels: Record<Role, string> = { admin: 'Administrador', agent: 'Agente' };

/**
 * Where a person stands: `invited` until the first access replaces the temporary password,
 * `expired` when that did not happen within the invitation's 7 days (a re-sent invitation
 * starts them again), `disabled` when an admin turned the access off.
 */
export const userStatuses = ['active', 'invited', 'expired', 'disabled'] as const;
export type UserStatus = (typeof userStatuses)[number];

export const userStatusLabels: Record<UserStatus, string> = {
  active: 'Ativo',
  invited: 'Convite pendente',
  expired: 'Convite expirado',
  disabled: 'Desativado',
};

/** How long an invitation's temporary password lets a person in. */
export const invitationLifetimeDays = 7;

export const teamUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: roleSchema,
  status: z.enum(userStatuses),
  enabled: z.boolean(),
  last_sign_in_at: timestamp.nullable().describe('The last successful sign-in; null before the first'),
  invitation_expires_at: timestamp
    .nullable()
    .describe('While the invitation is pending (or expired): when its temporary password stops working'),
  created_at: timestamp,
});
export type TeamUser = z.infer<typeof teamUserSchema>;

export const teamUserListSchema = z.object({
  /** Every user of the organisation, ordered by e-mail. */
  users: z.array(teamUserSchema).describe('Every user of the organisation, ordered by e-mail'),
  /**
   * True with an external Cognito pool: people are managed there (invite, role, disable), and
   * this list shows those who have signed in to Atende, read-only.
   */
  managed_externally: z.boolean(),
});
export type TeamUserList = z.infer<typeof teamUserListSchema>;

export const userMessages = {
  emailTaken: 'Este e-mail já está em uso.',
  lastAdmin: 'A organização precisa de ao menos um administrador ativo.',
  notInvited: 'Esta pessoa já fez o primeiro acesso: não há convite para reenviar.',
  externallyManaged: 'As pessoas desta organização são gerenciadas no Amazon Cognito.',
  nothingToChange: 'Informe role ou enabled.',
  tooManyInvitations: (perHour: number, seconds: number) =>
    `Limite de ${perHour} convites por hora atingido. Tente novamente em ${Math.ceil(seconds / 60)} min.`,
} as const;

export const inviteUserSchema = z.object({
  email: z
    .email({ message: 'E-mail inválido.' })
    .trim()
    .toLowerCase()
    .max(254, 'Use no máximo 254 caracteres.')
    .describe('Unique across every organisation'),
  role: roleSchema.default('agent'),
});
export type InviteUser = z.input<typeof inviteUserSchema>;

/** PATCH takes the changed fields only (at least one). */
export const updateUserSchema = z
  .object({
    role: roleSchema.optional(),
    enabled: z.boolean({ message: 'Use true ou false.' }).optional(),
  })
  .refine((v) => v.role !== undefined || v.enabled !== undefined, userMessages.nothingToChange);
export type UpdateUser = z.infer<typeof updateUserSchema>;
