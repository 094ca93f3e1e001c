export { limits, ui, NAME_CHARACTERS } from './limits.js';
export { messages, apiMessages } from './messages.js';
export { errorCodes, type ErrorBody, type ErrorCode } from './errors.js';
export {
  checkUsername,
  checkPassword,
  isValidEmail,
  nameKey,
  type UsernameProblem,
  type PasswordProblem,
} from './validation.js';
export { truncateChars, charLength, dropInvalidUnicode } from './text.js';
export { staticPages, type StaticPageContent } from './static-pages.js';
export { captchaToken } from './captcha.js';
export type * from './schemas/types.js';
