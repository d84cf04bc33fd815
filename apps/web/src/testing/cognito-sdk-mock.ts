/**
 * Stands in for `@aws-sdk/client-cognito-identity-provider` in component tests:
 *   vi.mock('@aws-sdk/client-cognito-identity-provider', () => import('…/testing/cognito-sdk-mock.ts'));
 * Every command goes to `cognitoSend`, which tests program per operation with `answerCognito`.
 */
import { vi } from 'vitest';

/** Operation names, camel-cased (as handler keys they must not look like React components). */
export type CognitoOperationName =
  | 'initiateAuth'
  | 'respondToAuthChallenge'
  | 'forgotPassword'
  | 'confirmForgotPassword';

abstract class FakeCommand {
  abstract readonly operation: CognitoOperationName;
  constructor(readonly input: Record<string, unknown>) {}
}
export class InitiateAuthCommand extends FakeCommand {
  readonly operation = 'initiateAuth';
}
export class RespondToAuthChallengeCommand extends FakeCommand {
  readonly operation = 'respondToAuthChallenge';
}
export class ForgotPasswordCommand extends FakeCommand {
  readonly operation = 'forgotPassword';
}
export class ConfirmForgotPasswordCommand extends FakeCommand {
  readonly operation = 'confirmForgotPassword';
}

export const cognitoSend = vi.fn<(command: FakeCommand) => Promise<unknown>>();

export class CognitoIdentityProviderClient {
  constructor(readonly config: Record<string, unknown>) {}
  send(command: FakeCommand) {
    return cognitoSend(command);
  }
}

type Handler = (input: Record<string, unknown>) => unknown;

/** Programs the fake provider; an operation without a handler fails the test loudly. */
export function answerCognito(handlers: Partial<Record<CognitoOperationName, Handler>>) {
  cognitoSend.mockImplementation(async (command) => {
    const handler = handlers[command.operation];
    if (!handler) throw new Error(`unexpected ${command.operation}`);
    return handler(command.input);
  });
}

/** A typed provider error as the SDK raises it (only `name` and `message` matter to the app). */
export function idpError(name: string, message = name): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

/** The inputs the app sent for one operation, oldest first. */
export function sentInputs(operation: CognitoOperationName): Record<string, unknown>[] {
  return cognitoSend.mock.calls
    .map(([command]) => command)
    .filter((c) => c.operation === operation)
    .map((c) => c.input);
}
