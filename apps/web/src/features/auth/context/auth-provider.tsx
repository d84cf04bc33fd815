import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  ID_TOKEN_STORAGE_KEY,
  type IdTokenSession,
  readStoredSession,
  removeStoredIdToken,
  storeIdToken,
} from '../../../lib/id-token.ts';
import { forgetPushDeviceOnSignOut } from '../../../lib/push-device.ts';
import { AuthFlowError } from '../api/auth-flow-error.ts';
import { completeNewPasswordChallenge } from '../api/complete-new-password.ts';
import { confirmPasswordReset } from '../api/confirm-forgot-password.ts';
import { requestPasswordReset } from '../api/forgot-password.ts';
import { signInWithPassword } from '../api/sign-in.ts';
import { AuthContext, type AuthContextValue } from './auth-context.ts';
import {
  clearPendingChallenge,
  type PendingChallenge,
  readPendingChallenge,
  savePendingChallenge,
} from './pending-challenge.ts';

// setTimeout fires at once beyond 2^31-1 ms; longer waits are re-armed when the timer fires.
const longestTimeout = 2 ** 31 - 1;

/** Holds the session; must sit inside the router (sign-out navigates). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [session, setSession] = useState<IdTokenSession | null>(() => readStoredSession());
  const [pendingChallenge, setPendingChallenge] = useState<PendingChallenge | null>(readPendingChallenge);
  const [signedOut, setSignedOut] = useState(false);

  const forgetPendingChallenge = useCallback(() => {
    clearPendingChallenge();
    setPendingChallenge(null);
  }, []);

  const startSession = useCallback(
    (idToken: string) => {
      const next = storeIdToken(idToken);
      if (!next) throw new AuthFlowError('Falha na autenticação: token inválido.');
      forgetPendingChallenge();
      queryClient.clear(); // nothing cached for a previous user may show
      setSession(next);
      setSignedOut(false);
    },
    [forgetPendingChallenge, queryClient],
  );

  // The ID token lasts an hour: when it runs out with the page open, the user is signed out and
  // the protected route sends them to /login, remembering where they were.
  useEffect(() => {
    if (!session) return;
    const timer = setTimeout(
      () => {
        const current = readStoredSession(); // drops the token once it has expired
        if (current) {
          setSession(current); // woke early (see longestTimeout) or another tab signed in again
          return;
        }
        queryClient.clear();
        setSession(null);
        toast.info('Sessão expirada.', { description: 'Faça login novamente.' });
      },
      Math.min(Math.max(session.expiresAt - Date.now(), 0), longestTimeout),
    );
    return () => clearTimeout(timer);
  }, [session, queryClient]);

  // Signing in or out in another tab applies here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== ID_TOKEN_STORAGE_KEY) return;
      queryClient.clear();
      setSession(readStoredSession());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const signIn = useCallback<AuthContextValue['signIn']>(
    async (email, password) => {
      const answer = await signInWithPassword(email, password);
      if (answer.kind === 'newPasswordRequired') {
        const challenge: PendingChallenge = {
          challengeName: 'NEW_PASSWORD_REQUIRED',
          session: answer.session,
          username: answer.username,
        };
        savePendingChallenge(challenge);
        setPendingChallenge(challenge);
        return 'newPasswordRequired';
      }
      startSession(answer.idToken);
      return 'signedIn';
    },
    [startSession],
  );

  const completeNewPassword = useCallback<AuthContextValue['completeNewPassword']>(
    async (newPassword) => {
      if (!pendingChallenge) throw new AuthFlowError('Nenhum desafio de nova senha pendente.');
      startSession(await completeNewPasswordChallenge(pendingChallenge, newPassword));
    },
    [pendingChallenge, startSession],
  );

  const signOut = useCallback(() => {
    // This browser's Web Push device is deleted first, with the token still at hand.
    forgetPushDeviceOnSignOut();
    removeStoredIdToken();
    forgetPendingChallenge();
    queryClient.clear();
    setSession(null);
    setSignedOut(true);
    navigate('/login', { replace: true });
  }, [forgetPendingChallenge, navigate, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      isAuthenticated: session !== null,
      idToken: session?.idToken ?? null,
      user: session?.user ?? null,
      pendingChallenge,
      signedOut,
      signIn,
      completeNewPassword,
      forgotPassword: requestPasswordReset,
      confirmForgotPassword: confirmPasswordReset,
      signOut,
    }),
    [session, pendingChallenge, signedOut, signIn, completeNewPassword, signOut],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
