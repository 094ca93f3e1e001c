/**
 * The error body of every non-2xx API response (API.md §4.1). `code` is omitted when empty.
 */
export interface ErrorBody {
  status: number;
  code?: string;
  message: string;
}

/** Error codes this codebase emits so far; API.md §4.2 is the full catalogue. */
export const errorCodes = {
  invalidJson: 'invalid_json',
  invalidId: 'invalid_id',
  invalidAction: 'invalid_action',
  invalidUsername: 'invalid-username',
  invalidPassword: 'invalid-password',
  invalidEmail: 'invalid-email',
  alreadyLoggedIn: 'already_logged_in',
  captchaEmpty: 'captcha_empty',
  captchaVerifyFail1: 'captcha_verify_fail_1',
  captchaVerifyFail2: 'captcha_verify_fail_2',
  notLoggedIn: 'not_logged_in',
  wrongPassword: 'wrong-password',
  notAdmin: 'not_admin',
  accountSuspended: 'account_suspended',
  signupsDisabled: 'signups-disabled',
  userNotFound: 'user_not_found',
  userExists: 'user_exists',
  bodyTooLarge: 'body_too_large',
  fileSizeExceeded: 'file_size_exceeded',
  noImage: 'no-image',
  unsupportedImageFormat: 'unsupported-image-format',
  noImagePosts: 'no_image_posts',
  invalidImageId: 'invalid_image_id',
  imageNotFound: 'image-not-found',
  permissionDenied: 'permission_denied',
  invalidUrl: 'invalid-url',
} as const;

export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
