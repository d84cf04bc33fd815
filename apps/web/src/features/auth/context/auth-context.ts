import { createContext } from 'react';
import type { AuthUser } from '../../../lib/id-token.ts';
import type { PendingChallenge } from './pending-challenge.ts';

export type SignInOutcome = 'signedIn' | 'newPasswordRequired';

/** The session (the ID token and its user) and its transitions: sign in, new password, reset, sign out. */
export interface AuthContextValue {
  isAuthenticated: boolean;
  idToken: string | null;
  user: AuthUser | null;
  pendingChallenge: PendingChallenge | null;
  /** True from signOut() to the next sign-in: the next person should not land on the last page. */
  signedOut: boolean;
  /** Resolves 'newPasswordRequired' when the user must choose a password first (see /nova-senha). */
  signIn: (email: string, password: string) => Promise<SignInOutcome>;
  completeNewPassword: (newPassword: string) => Promise<void>;
  forgotPassword: (email: string) => Promise<void>;
  confirmForgotPassword: (email: string, code: string, newPassword: string) => Promise<void>;
  /** Forgets the token and cached data, then goes to /login (replacing the current entry). */
  signOut: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
