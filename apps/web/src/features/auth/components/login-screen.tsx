import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { clearSessionRefusal, readSessionRefusal } from '../../../lib/api-client.ts';
import { fieldProps, useZodForm } from '../../../lib/forms.ts';
import { preloadIdp } from '../api/idp.ts';
import { useAuth } from '../context/use-auth.ts';
import { emailField, safeReturnPath, showIdpFailure } from './auth-forms.ts';
import { AuthLayout } from './auth-layout.tsx';

const defaultDestination = '/dashboard';

const loginSchema = z.object({
  email: emailField,
  password: z.string().min(1, 'Informe sua senha.'),
});
type LoginValues = z.infer<typeof loginSchema>;

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
  const form = useZodForm<LoginValues>(loginSchema, { email: rememberedEmail ?? '', password: '' });
  const email = useWatch({ control: form.control, name: 'email' });

  useEffect(preloadIdp, []);
  // A token the API refused right after sign-in (e.g. another issuer): say why, once.
  useEffect(() => {
    const refusal = readSessionRefusal();
    clearSessionRefusal();
    if (refusal !== null) form.setError('root', { message: `O servidor recusou a sessão: ${refusal}` });
  }, [form]);

  // Also the way out after a successful sign-in: the session appears and this re-renders.
  if (isAuthenticated) return <Navigate to={from ?? defaultDestination} replace />;

  async function submit({ email: username, password }: LoginValues) {
    try {
      if ((await signIn(username, password)) === 'newPasswordRequired') {
        navigate('/nova-senha', { state: { username } });
      }
    } catch (failure) {
      showIdpFailure(form, failure, 'signIn');
      form.setValue('password', '');
      form.setFocus('password');
    }
  }

  return (
    <AuthLayout title="Entrar na plataforma" description="Use o e-mail e a senha da sua conta Atende.">
      <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-5">
        <FormError>{form.formState.errors.root?.message}</FormError>
        <TextField
          label="E-mail"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...fieldProps(form, 'email')}
        />
        <PasswordField
          label="Senha"
          autoComplete="current-password"
          required
          {...fieldProps(form, 'password')}
        />
        <Button
          type="submit"
          className="w-full"
          pending={form.formState.isSubmitting}
          pendingLabel="Entrando…"
        >
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
