/**
 * A sign-in problem found by the web app itself (no token in the answer, no pending challenge,
 * configuration unreachable). Its message is pt-BR and is shown as is.
 */
export class AuthFlowError extends Error {
  override readonly name = 'AuthFlowError';
}
