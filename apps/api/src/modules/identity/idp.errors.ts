/** Cognito's error names that the built-in provider answers with (HTTP 400, `__type`). */
export type IdpErrorType =
  | 'InvalidParameterException'
  | 'NotAuthorizedException'
  | 'ResourceNotFoundException'
  | 'InvalidPasswordException'
  | 'CodeMismatchException'
  | 'ExpiredCodeException'
  | 'LimitExceededException'
  | 'TooManyFailedAttemptsException'
  | 'TooManyRequestsException'
  | 'UnknownOperationException'
  | 'InternalErrorException';

export class IdpError extends Error {
  constructor(
    readonly type: IdpErrorType,
    message: string,
  ) {
    super(message);
  }

  get status() {
    return this.type === 'InternalErrorException' ? 500 : 400;
  }
}

export const wrongCredentials = () =>
  new IdpError('NotAuthorizedException', 'Incorrect username or password.');
