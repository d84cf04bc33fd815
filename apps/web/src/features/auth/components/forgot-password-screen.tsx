import { passwordRule } from '@atende/contracts/password-policy';
import { useEffect, useRef, useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextLink } from '../../../components/ui/text-link.tsx';
import { fieldProps, useZodForm } from '../../../lib/forms.ts';
import { preloadIdp } from '../api/idp.ts';
import { useAuth } from '../context/use-auth.ts';
import { emailField, newPasswordField, showIdpFailure } from './auth-forms.ts';
import { AuthLayout } from './auth-layout.tsx';

const codeSent = 'Código enviado. Verifique seu e-mail.';
const passwordChanged = 'Senha alterada com sucesso. Você já pode entrar.';

const requestSchema = z.object({ email: emailField });
type RequestValues = z.infer<typeof requestSchema>;

const confirmSchema = z.object({
  code: z.string().trim().min(1, 'Informe o código de verificação.'),
  newPassword: newPasswordField,
});
type ConfirmValues = z.infer<typeof confirmSchema>;

function rememberedEmail(state: unknown): string {
  if (typeof state !== 'object' || state === null) return '';
  const { email } = state as Record<string, unknown>;
  return typeof email === 'string' ? email : '';
}

/** /esqueci-minha-senha: step 1 mails a code, step 2 takes the code and the new password. */
export function ForgotPasswordScreen() {
  const location = useLocation();
  // Kept here so 'Usar outro e-mail' comes back to what was typed, and the login gets it too.
  const requestForm = useZodForm<RequestValues>(requestSchema, { email: rememberedEmail(location.state) });
  const email = useWatch({ control: requestForm.control, name: 'email' }).trim();
  const [step, setStep] = useState<'request' | 'confirm' | 'changed'>('request');
  const backToLogin = useRef<HTMLAnchorElement>(null);

  useEffect(preloadIdp, []);

  // The form leaves once the password is changed: the way on is the link to the login.
  useEffect(() => {
    if (step === 'changed') backToLogin.current?.focus();
  }, [step]);

  return (
    <AuthLayout
      title="Recuperar senha"
      description={
        step === 'request' ? (
          'Informe o e-mail da sua conta. Enviaremos um código para você criar uma nova senha.'
        ) : (
          <>
            Digite o código enviado para <strong className="break-words text-slate-800">{email}</strong> e
            escolha uma nova senha.
          </>
        )
      }
    >
      {step === 'request' ? (
        <RequestCodeForm form={requestForm} onSent={() => setStep('confirm')} />
      ) : step === 'confirm' ? (
        <ConfirmCodeForm
          email={email}
          onChanged={() => setStep('changed')}
          onOtherEmail={() => setStep('request')}
        />
      ) : (
        <FormSuccess>{passwordChanged}</FormSuccess>
      )}
      <p className="mt-6 text-center text-sm">
        <TextLink ref={backToLogin} to="/login" state={{ email: email || undefined }}>
          Voltar ao login
        </TextLink>
      </p>
    </AuthLayout>
  );
}

function RequestCodeForm({ form, onSent }: { form: UseFormReturn<RequestValues>; onSent: () => void }) {
  const { forgotPassword } = useAuth();

  async function send({ email }: RequestValues) {
    try {
      await forgotPassword(email);
      onSent();
    } catch (failure) {
      showIdpFailure(form, failure, 'forgotPassword');
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(send)} className="space-y-5">
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
      <Button type="submit" className="w-full" pending={form.formState.isSubmitting} pendingLabel="Enviando…">
        Enviar código
      </Button>
    </form>
  );
}

function ConfirmCodeForm({
  email,
  onChanged,
  onOtherEmail,
}: {
  email: string;
  onChanged: () => void;
  onOtherEmail: () => void;
}) {
  const { forgotPassword, confirmForgotPassword } = useAuth();
  const form = useZodForm<ConfirmValues>(confirmSchema, { code: '', newPassword: '' });
  const [notice, setNotice] = useState<string | null>(codeSent);
  const [resending, setResending] = useState(false);
  const confirming = form.formState.isSubmitting;

  async function confirm({ code, newPassword }: ConfirmValues) {
    setNotice(null);
    try {
      await confirmForgotPassword(email, code, newPassword);
      onChanged();
    } catch (failure) {
      showIdpFailure(form, failure, 'confirmForgotPassword', 'newPassword');
    }
  }

  async function resend() {
    setNotice(null);
    form.clearErrors('root');
    setResending(true);
    try {
      await forgotPassword(email);
      setNotice(codeSent);
    } catch (failure) {
      showIdpFailure(form, failure, 'forgotPassword');
    } finally {
      setResending(false);
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(confirm)} className="space-y-5">
      <FormError>{form.formState.errors.root?.message}</FormError>
      {notice && <FormSuccess>{notice}</FormSuccess>}
      <TextField
        label="Código de verificação"
        autoComplete="one-time-code"
        inputMode="numeric"
        spellCheck={false}
        required
        {...fieldProps(form, 'code')}
      />
      <PasswordField
        label="Nova senha"
        autoComplete="new-password"
        required
        hint={passwordRule}
        {...fieldProps(form, 'newPassword')}
      />
      <Button
        type="submit"
        className="w-full"
        pending={confirming}
        pendingLabel="Alterando…"
        disabled={resending}
      >
        Alterar senha
      </Button>
      <div className="flex flex-wrap justify-between gap-x-4 gap-y-2">
        <Button
          variant="link"
          onClick={resend}
          pending={resending}
          pendingLabel="Reenviando…"
          disabled={confirming}
        >
          Reenviar código
        </Button>
        <Button variant="link" onClick={onOtherEmail} disabled={confirming || resending}>
          Usar outro e-mail
        </Button>
      </div>
    </form>
  );
}
