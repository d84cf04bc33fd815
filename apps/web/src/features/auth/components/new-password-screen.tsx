import { passwordRule } from '@atende/contracts/password-policy';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { fieldProps, useZodForm } from '../../../lib/forms.ts';
import { preloadIdp } from '../api/idp.ts';
import { useAuth } from '../context/use-auth.ts';
import { newPasswordField, showIdpFailure } from './auth-forms.ts';
import { AuthLayout } from './auth-layout.tsx';

const newPasswordSchema = z
  .object({
    newPassword: newPasswordField,
    confirmation: z.string().min(1, 'Repita a nova senha.'),
  })
  // Only once both are typed: a missing one is said under its own field.
  .refine(({ newPassword, confirmation }) => !newPassword || !confirmation || newPassword === confirmation, {
    message: 'As senhas não conferem.',
    path: ['confirmation'],
  });
type NewPasswordValues = z.infer<typeof newPasswordSchema>;

function typedUsername(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { username } = state as Record<string, unknown>;
  return typeof username === 'string' ? username : undefined;
}

/** /nova-senha: first access with a temporary password (NEW_PASSWORD_REQUIRED). */
export function NewPasswordScreen() {
  const { isAuthenticated, pendingChallenge } = useAuth();
  const location = useLocation();

  useEffect(preloadIdp, []);

  // Also the way out after success: the new session appears and this re-renders.
  if (isAuthenticated) return <Navigate to="/dashboard" replace />;

  if (!pendingChallenge) {
    return (
      <AuthLayout
        title="Nova senha"
        description="Esta página serve ao primeiro acesso: entre com seu e-mail e a senha temporária que você recebeu; o sistema trará você de volta para cá."
      >
        <FormError>Nenhum desafio de nova senha pendente.</FormError>
        <p className="mt-6 text-center text-sm">
          <TextLink to="/login">Voltar ao login</TextLink>
        </p>
      </AuthLayout>
    );
  }

  const username = typedUsername(location.state) ?? pendingChallenge.username;
  return (
    <AuthLayout
      title="Nova senha"
      description={
        <>
          Primeiro acesso de <strong className="break-words text-slate-800">{username}</strong>: escolha a
          senha que você vai usar daqui em diante.
        </>
      }
    >
      <NewPasswordForm />
      <p className="mt-6 text-center text-sm">
        <TextLink to="/login">Voltar ao login</TextLink>
      </p>
    </AuthLayout>
  );
}

function NewPasswordForm() {
  const { completeNewPassword } = useAuth();
  const form = useZodForm<NewPasswordValues>(newPasswordSchema, { newPassword: '', confirmation: '' });

  async function submit({ newPassword }: NewPasswordValues) {
    try {
      await completeNewPassword(newPassword);
    } catch (failure) {
      showIdpFailure(form, failure, 'newPassword', 'newPassword');
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-5">
      <FormError>{form.formState.errors.root?.message}</FormError>
      <PasswordField
        label="Nova senha"
        autoComplete="new-password"
        required
        hint={passwordRule}
        {...fieldProps(form, 'newPassword')}
      />
      <PasswordField
        label="Confirme a nova senha"
        autoComplete="new-password"
        required
        {...fieldProps(form, 'confirmation')}
      />
      <Button type="submit" className="w-full" pending={form.formState.isSubmitting} pendingLabel="Salvando…">
        Salvar nova senha
      </Button>
    </form>
  );
}
