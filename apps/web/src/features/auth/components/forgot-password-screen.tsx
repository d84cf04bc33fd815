import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { preloadIdp } from '../api/idp.ts';
import { idpErrorMessage, isPasswordRefusal } from '../api/idp-errors.ts';
import { useAuth } from '../context/use-auth.ts';
import { AuthLayout } from './auth-layout.tsx';
import { emailProblem, passwordPolicyHint, requiredProblem } from './field-rules.ts';

const codeSent = 'Código enviado. Verifique seu e-mail.';
const passwordChanged = 'Senha alterada com sucesso. Você já pode entrar.';

function rememberedEmail(state: unknown): string {
  if (typeof state !== 'object' || state === null) return '';
  const { email } = state as Record<string, unknown>;
  return typeof email === 'string' ? email : '';
}

/** /esqueci-minha-senha: step 1 mails a code, step 2 takes the code and the new password. */
export function ForgotPasswordScreen() {
  const { forgotPassword, confirmForgotPassword } = useAuth();
  const location = useLocation();
  const [step, setStep] = useState<'request' | 'confirm'>('request');
  const [email, setEmail] = useState(() => rememberedEmail(location.state));
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [problems, setProblems] = useState<{ email?: string; code?: string; newPassword?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<'send' | 'confirm' | null>(null);
  const [changed, setChanged] = useState(false);
  const [refused, setRefused] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const backToLogin = useRef<HTMLAnchorElement>(null);

  useEffect(preloadIdp, []);

  // The form leaves once the password is changed: the way on is the link to the login.
  useEffect(() => {
    if (changed) backToLogin.current?.focus();
  }, [changed]);

  async function sendCode() {
    setError(null);
    setNotice(null);
    setPending('send');
    try {
      await forgotPassword(email.trim());
      setStep('confirm');
      setNotice(codeSent);
    } catch (failure) {
      setError(idpErrorMessage(failure, 'forgotPassword'));
    } finally {
      setPending(null);
    }
  }

  async function handleRequest(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = emailProblem(email);
    setProblems({ email: problem });
    if (problem) return emailInput.current?.focus();
    await sendCode();
  }

  async function handleConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      code: requiredProblem(code.trim(), 'Informe o código de verificação.'),
      newPassword: requiredProblem(newPassword, 'Informe a nova senha.'),
    };
    setProblems(found);
    setRefused(false);
    if (found.code) return codeInput.current?.focus();
    if (found.newPassword) return passwordInput.current?.focus();

    setError(null);
    setNotice(null);
    setPending('confirm');
    try {
      await confirmForgotPassword(email.trim(), code.trim(), newPassword);
      setCode('');
      setNewPassword('');
      setNotice(passwordChanged);
      setChanged(true);
    } catch (failure) {
      setError(idpErrorMessage(failure, 'confirmForgotPassword'));
      if (isPasswordRefusal(failure)) {
        setRefused(true);
        passwordInput.current?.focus();
      }
    } finally {
      setPending(null);
    }
  }

  function changeEmail() {
    setStep('request');
    setError(null);
    setNotice(null);
    setProblems({});
  }

  const messages = (
    <>
      {error && <FormError>{error}</FormError>}
      {notice && <FormSuccess>{notice}</FormSuccess>}
    </>
  );

  return (
    <AuthLayout
      title="Recuperar senha"
      description={
        step === 'request' ? (
          'Informe o e-mail da sua conta. Enviaremos um código para você criar uma nova senha.'
        ) : (
          <>
            Digite o código enviado para{' '}
            <strong className="break-words text-slate-800">{email.trim()}</strong> e escolha uma nova senha.
          </>
        )
      }
    >
      {step === 'request' ? (
        <form noValidate onSubmit={handleRequest} className="space-y-5">
          {messages}
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
          <Button type="submit" className="w-full" pending={pending === 'send'} pendingLabel="Enviando…">
            Enviar código
          </Button>
        </form>
      ) : changed ? (
        <div className="space-y-5">{messages}</div>
      ) : (
        <form noValidate onSubmit={handleConfirm} className="space-y-5">
          {messages}
          <TextField
            ref={codeInput}
            label="Código de verificação"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            spellCheck={false}
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={problems.code}
          />
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
          <Button
            type="submit"
            className="w-full"
            pending={pending === 'confirm'}
            pendingLabel="Alterando…"
            disabled={pending !== null}
          >
            Alterar senha
          </Button>
          <div className="flex flex-wrap justify-between gap-x-4 gap-y-2">
            <Button
              variant="link"
              onClick={sendCode}
              pending={pending === 'send'}
              pendingLabel="Reenviando…"
              disabled={pending !== null}
            >
              Reenviar código
            </Button>
            <Button variant="link" onClick={changeEmail} disabled={pending !== null}>
              Usar outro e-mail
            </Button>
          </div>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <TextLink ref={backToLogin} to="/login" state={{ email: email.trim() || undefined }}>
          Voltar ao login
        </TextLink>
      </p>
    </AuthLayout>
  );
}
