import { apiMessages } from '@commons/shared';

/**
 * The one error type of the server: an HTTP status, the contract's `code` (omitted when absent) and the
 * message. Services throw it; the error handler shapes it as API.md §4.1 says.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, message: string) => new AppError(400, code, message);
export const forbidden = (code: string, message: string) => new AppError(403, code, message);
export const notFound = (code: string, message: string) => new AppError(404, code, message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);

export const notLoggedIn = () => new AppError(401, 'not_logged_in', apiMessages.notLoggedIn);
export const notAdmin = () => new AppError(403, 'not_admin', apiMessages.notAdmin);
export const invalidJson = (detail?: string) =>
  new AppError(
    400,
    'invalid_json',
    detail ? `${apiMessages.invalidJson} ${detail}` : apiMessages.invalidJson,
  );
export const tooManyRequests = () => new AppError(429, undefined, apiMessages.tooManyRequests);
