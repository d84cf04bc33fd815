import type { CognitoOperations } from './cognito-client.ts';

let connecting: Promise<CognitoOperations> | undefined;

/** The identity provider's operations; the SDK chunk and /config.json are fetched on first use. */
export function getIdp(): Promise<CognitoOperations> {
  connecting ??= import('./cognito-client.ts')
    .then((module) => module.connectCognito())
    .catch((error: unknown) => {
      connecting = undefined; // a failed load (offline, deploy in progress) is retried next time
      throw error;
    });
  return connecting;
}

/** Starts loading while the user types, so the first submit does not wait for the SDK. */
export function preloadIdp(): void {
  getIdp().catch(() => {
    // reported when the user submits
  });
}
