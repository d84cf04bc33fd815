import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { clearSessionRefusal, readSessionRefusal } from '../../../lib/api-client.ts';
import { preloadIdp } from '../api/idp.ts';
import { idpErrorMessage } from '../api/idp-errors.ts';
import { useAuth } from '../context/use-auth.ts';
import { AuthLayout } from './auth-layout.tsx';
import { emailProblem, requiredProblem, safeReturnPath } from './field-rules.ts';

const defaultDestination = '/dashboard';

function readState(state: unknown): { from?: string; email?: string } {
  if (typeof state !== 'object' || state === null) return {};
  const { from, email } = state as Record<string, unknown>;
  return { from: safeReturnPath(from), email: typeof email === 'string' ? email : undefined };
}

/** /login: e-mail and password; back to where the user was going, else the dashboard. */
export function LoginScreen() {
  const { isAuthenticated, signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { from, email: rememberedEmail } = readState(location.state);

  const [email, setEmail] = useState(rememberedEmail ?? '');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ email?: string; password?: string }>({});
  // A token the API refused right after sign-in (e.g. another issuer): say why, once.
  const [error, setError] = useState<string | null>(() => {
    const refusal = readSessionRefusal();
    return refusal === null ? null : `O servidor recusou a sessão: ${refusal}`;
  });
  const [pending, setPending] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  useEffect(preloadIdp, []);
  useEffect(clearSessionRefusal, []);

  // Also the way out after a successful sign-in: the session appears and this re-renders.
  if (isAuthenticated) return <Navigate to={from ?? defaultDestination} replace />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = { email: emailProblem(email), password: requiredProblem(password, 'Informe sua senha.') };
    setProblems(found);
    if (found.email) return emailInput.current?.focus();
    if (found.password) return passwordInput.current?.focus();

    setError(null);
    setPending(true);
    try {
      const username = email.trim();
      if ((await signIn(username, password)) === 'newPasswordRequired') {
        navigate('/nova-senha', { state: { username } });
      }
    } catch (failure) {
      setError(idpErrorMessage(failure, 'signIn'));
      setPassword('');
      passwordInput.current?.focus();
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthLayout title="Entrar na plataforma" description="Use o e-mail e a senha da sua conta Atende.">
      <form noValidate onSubmit={handleSubmit} className="space-y-5">
        {error && <FormError>{error}</FormError>}
        <TextField
          ref={emailInput}
          label="E-mail"
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={problems.email}
        />
        <PasswordField
          ref={passwordInput}
          label="Senha"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={problems.password}
        />
        <Button type="submit" className="w-full" pending={pending} pendingLabel="Entrando…">
          Entrar
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <TextLink to="/esqueci-minha-senha" state={{ email: email.trim() || undefined }}>
          Esqueci minha senha
        </TextLink>
      </p>
    </AuthLayout>
  );
}
