/**
 * A sign-in that stopped at NEW_PASSWORD_REQUIRED. Kept in sessionStorage too, so reloading
 * /nova-senha keeps it, while closing the tab forgets it (the IdP's session expires anyway).
 */
export interface PendingChallenge {
  challengeName: 'NEW_PASSWORD_REQUIRED';
  /** The IdP's opaque challenge session. */
  session: string;
  /** The username the IdP expects in the answer. */
  username: string;
}

const storageKey = 'atende.pendingChallenge';

function isPendingChallenge(value: unknown): value is PendingChallenge {
  if (typeof value !== 'object' || value === null) return false;
  const { challengeName, session, username } = value as Record<string, unknown>;
  return (
    challengeName === 'NEW_PASSWORD_REQUIRED' &&
    typeof session === 'string' &&
    session !== '' &&
    typeof username === 'string' &&
    username !== ''
  );
}

export function readPendingChallenge(): PendingChallenge | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null');
    return isPendingChallenge(value) ? value : null;
  } catch {
    return null;
  }
}

export function savePendingChallenge(challenge: PendingChallenge): void {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(challenge));
  } catch {
    // kept in memory only: works until a reload
  }
}

export function clearPendingChallenge(): void {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // nothing stored
  }
}
