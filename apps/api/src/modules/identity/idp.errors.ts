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
    /** Sent as Retry-After (throttling answers). */
    readonly retryAfterSeconds?: number,
    /** Overrides the status the type implies (503 when the database is down). */
    private readonly httpStatus?: number,
  ) {
    super(message);
  }

  get status() {
    if (this.httpStatus) return this.httpStatus;
    if (this.type === 'InternalErrorException') return 500;
    return this.type === 'TooManyRequestsException' ? 429 : 400;
  }
}

export const wrongCredentials = () =>
  new IdpError('NotAuthorizedException', 'Incorrect username or password.');

export const tooManyRequests = (retryAfterSeconds: number) =>
  new IdpError('TooManyRequestsException', 'Too many requests. Try again later.', retryAfterSeconds);

export const limitExceeded = (retryAfterSeconds: number) =>
  new IdpError(
    'LimitExceededException',
    'Attempt limit exceeded, please try after some time.',
    retryAfterSeconds,
  );

/** The database is down or too slow: a transient 503 the SDK retries, never a 500. */
export const providerUnavailable = () =>
  new IdpError('InternalErrorException', 'Service temporarily unavailable. Try again later.', 5, 503);
