import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { preloadIdp } from '../api/idp.ts';
import { idpErrorMessage, isPasswordRefusal } from '../api/idp-errors.ts';
import { useAuth } from '../context/use-auth.ts';
import { AuthLayout } from './auth-layout.tsx';
import { passwordPolicyHint, requiredProblem } from './field-rules.ts';

function typedUsername(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { username } = state as Record<string, unknown>;
  return typeof username === 'string' ? username : undefined;
}

/** /nova-senha: first access with a temporary password (NEW_PASSWORD_REQUIRED). */
export function NewPasswordScreen() {
  const { isAuthenticated, pendingChallenge, completeNewPassword } = useAuth();
  const location = useLocation();
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<{ newPassword?: string; confirmation?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState(false);
  const [refused, setRefused] = useState(false);
  const [pending, setPending] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);
  const confirmationInput = useRef<HTMLInputElement>(null);

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

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      newPassword: requiredProblem(newPassword, 'Informe a nova senha.'),
      confirmation: requiredProblem(confirmation, 'Repita a nova senha.'),
    };
    setProblems(found);
    setMismatch(false);
    setRefused(false);
    if (found.newPassword) return passwordInput.current?.focus();
    if (found.confirmation) return confirmationInput.current?.focus();
    if (newPassword !== confirmation) {
      setError('As senhas não conferem.');
      setMismatch(true);
      return confirmationInput.current?.focus();
    }

    setError(null);
    setPending(true);
    try {
      await completeNewPassword(newPassword);
    } catch (failure) {
      setError(idpErrorMessage(failure, 'newPassword'));
      if (isPasswordRefusal(failure)) {
        setRefused(true);
        passwordInput.current?.focus();
      }
    } finally {
      setPending(false);
    }
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
      <form noValidate onSubmit={handleSubmit} className="space-y-5">
        {error && <FormError>{error}</FormError>}
        <PasswordField
          ref={passwordInput}
          label="Nova senha"
          name="new-password"
          autoComplete="new-password"
          required
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
          hint={passwordPolicyHint}
          error={problems.newPassword}
          aria-invalid={refused || undefined}
        />
        <PasswordField
          ref={confirmationInput}
          label="Confirme a nova senha"
          name="confirm-password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={problems.confirmation}
          aria-invalid={mismatch || undefined}
        />
        <Button type="submit" className="w-full" pending={pending} pendingLabel="Salvando…">
          Salvar nova senha
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <TextLink to="/login">Voltar ao login</TextLink>
      </p>
    </AuthLayout>
  );
}
