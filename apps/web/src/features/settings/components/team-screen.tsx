import {
  type Role,
  roleLabels,
  roles,
  type TeamUser,
  type UserStatus,
  userStatusLabels,
} from '@atende/contracts';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog.tsx';
import { LoadError } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCurrentRole } from '../../../lib/current-role.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { fieldProps, showServerFieldErrors, useZodForm } from '../../../lib/forms.ts';
import { useUsers } from '../api/get-users.ts';
import { useInviteUser } from '../api/invite-user.ts';
import { useResendInvitation } from '../api/resend-invitation.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { AdminOnlyNotice } from './admin-only-notice.tsx';
import { SettingsNav } from './settings-nav.tsx';

export const teamMessages = {
  invited: (email: string) => `Convite enviado para ${email}.`,
  resent: (email: string) => `Convite reenviado para ${email}.`,
  saved: 'Alteração salva.',
  failed: 'Não foi possível salvar a alteração. Tente novamente.',
  loadFailed: 'Não foi possível carregar a equipe.',
  external:
    'As pessoas desta organização são gerenciadas no Amazon Cognito: convide, altere papéis e desative por lá. A lista abaixo é somente leitura.',
} as const;

const statusTones: Record<UserStatus, BadgeTone> = {
  active: 'green',
  invited: 'blue',
  expired: 'amber',
  disabled: 'gray',
};

const roleOptions = roles.map((role) => ({ value: role, label: roleLabels[role] }));

const inviteFormSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Informe um e-mail válido.')),
  role: z.enum(roles),
});
type InviteFormValues = z.infer<typeof inviteFormSchema>;

const detailOf = (error: unknown) =>
  (error instanceof ApiError && error.error?.detail) || teamMessages.failed;

/** 'Convidar pessoa': e-mail and role; the person receives a temporary password by mail. */
function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const invite = useInviteUser();
  const form = useZodForm<InviteFormValues>(inviteFormSchema, { email: '', role: 'agent' });
  const save = (values: InviteFormValues) =>
    invite.mutate(values, {
      onSuccess: (user) => {
        toast.success(teamMessages.invited(user.email));
        form.reset();
        onOpenChange(false);
      },
      onError: (error) => {
        if (showServerFieldErrors(form, error)) return;
        toast.error(detailOf(error));
      },
    });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Convidar pessoa"
        description="A pessoa recebe por e-mail uma senha temporária, válida por 7 dias, e escolhe a sua no primeiro acesso."
      >
        <form noValidate onSubmit={form.handleSubmit(save)} className="space-y-4">
          <TextField label="E-mail" type="email" autoComplete="off" required {...fieldProps(form, 'email')} />
          <SelectField label="Papel" options={roleOptions} {...fieldProps(form, 'role')} />
          <DialogFooter>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" pending={invite.isPending} pendingLabel="Enviando…">
              Enviar convite
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** One person's row: role, access and invitation actions (none with an external pool). */
function PersonRow({ user, readOnly }: { user: TeamUser; readOnly: boolean }) {
  const update = useUpdateUser();
  const resend = useResendInvitation();
  const change = (body: { role?: Role; enabled?: boolean }) =>
    update.mutate(
      { id: user.id, ...body },
      {
        onSuccess: () => toast.success(teamMessages.saved),
        onError: (error) => toast.error(detailOf(error)),
      },
    );
  const pending = update.isPending || resend.isPending;
  return (
    <TableRow>
      <TableCell className="font-medium text-slate-900">{user.email}</TableCell>
      <TableCell>{roleLabels[user.role]}</TableCell>
      <TableCell>
        <Badge tone={statusTones[user.status]}>{userStatusLabels[user.status]}</Badge>
        {user.invitation_expires_at && user.status === 'invited' && (
          <span className="block text-xs text-slate-500">
            até {formatDateTime(user.invitation_expires_at)}
          </span>
        )}
      </TableCell>
      <TableCell>{user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : 'Nunca'}</TableCell>
      {!readOnly && (
        <TableCell>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="secondary"
              disabled={pending}
              onClick={() => change({ role: user.role === 'admin' ? 'agent' : 'admin' })}
            >
              {user.role === 'admin' ? 'Tornar agente' : 'Tornar administrador'}
            </Button>
            <Button
              size="sm"
              variant={user.enabled ? 'ghost' : 'secondary'}
              disabled={pending}
              onClick={() => change({ enabled: !user.enabled })}
            >
              {user.enabled ? 'Desativar' : 'Reativar'}
            </Button>
            {(user.status === 'invited' || user.status === 'expired') && (
              <Button
                size="sm"
                variant="ghost"
                disabled={pending}
                onClick={() =>
                  resend.mutate(user.id, {
                    onSuccess: () => toast.success(teamMessages.resent(user.email)),
                    onError: (error) => toast.error(detailOf(error)),
                  })
                }
              >
                Reenviar convite
              </Button>
            )}
          </div>
        </TableCell>
      )}
    </TableRow>
  );
}

/** /settings/equipe: the organisation's people (admins only; an agent reads why not). */
export function TeamScreen() {
  const role = useCurrentRole();
  const users = useUsers({ enabled: role === 'admin' });
  const [inviting, setInviting] = useState(false);
  const external = users.data?.managed_externally ?? false;
  return (
    <>
      <PageHeader
        title="Equipe"
        description="Quem acessa o Atende na sua organização, com que papel."
        actions={
          role === 'admin' &&
          !external && (
            <Button onClick={() => setInviting(true)}>
              <UserPlus className="size-4" aria-hidden="true" />
              Convidar pessoa
            </Button>
          )
        }
      />
      <SettingsNav />
      {role === 'agent' ? (
        <AdminOnlyNotice action="ver e gerenciar a equipe" />
      ) : users.isPending ? (
        <SkeletonList label="Carregando equipe…" />
      ) : users.isError ? (
        <Card>
          <LoadError
            title={teamMessages.loadFailed}
            onRetry={() => void users.refetch()}
            retrying={users.isRefetching}
          />
        </Card>
      ) : (
        <>
          {external && (
            <p role="note" className="mb-4 text-sm text-slate-700">
              {teamMessages.external}
            </p>
          )}
          <Card>
            <TableContainer label="Pessoas da organização">
              <Table>
                <TableHead>
                  <TableRow>
                    <TableHeaderCell>E-mail</TableHeaderCell>
                    <TableHeaderCell>Papel</TableHeaderCell>
                    <TableHeaderCell>Status</TableHeaderCell>
                    <TableHeaderCell>Último acesso</TableHeaderCell>
                    {!external && <TableHeaderCell>Ações</TableHeaderCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {users.data.users.map((user) => (
                    <PersonRow key={user.id} user={user} readOnly={external} />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Card>
        </>
      )}
      <InviteDialog open={inviting} onOpenChange={setInviting} />
    </>
  );
}
