import { limits, NAME_CHARACTERS } from './limits.js';
import { charLength } from './text.js';

/**
 * Rule checks shared by the server (which refuses) and the client (which explains before sending).
 * Each returns the broken rule, not a text: the server and the forms word the same rule differently,
 * and both wordings live in messages.ts.
 */
export type UsernameProblem = 'empty' | 'too-short' | 'too-long' | 'bad-characters';
export type PasswordProblem = 'empty' | 'too-short';

export function checkUsername(username: string): UsernameProblem | null {
  if (username === '') return 'empty';
  const length = charLength(username);
  if (length < limits.usernameMin) return 'too-short';
  if (length > limits.usernameMax) return 'too-long';
  if (!NAME_CHARACTERS.test(username)) return 'bad-characters';
  return null;
}

export type ListNameProblem = 'empty' | 'too-short' | 'too-long' | 'bad-characters';

/** A list name (API.md §2.4): 3–21 characters of the username set; it is the list's URL segment. */
export function checkListName(name: string): ListNameProblem | null {
  if (name === '') return 'empty';
  const length = charLength(name);
  if (length < limits.listNameMin) return 'too-short';
  if (length > limits.listNameMax) return 'too-long';
  if (!NAME_CHARACTERS.test(name)) return 'bad-characters';
  return null;
}

export function checkPassword(password: string): PasswordProblem | null {
  if (password === '') return 'empty';
  if (charLength(password) < limits.passwordMin) return 'too-short';
  return null;
}

/** The specification's simple pattern: non-space text, an @, text, a dot, text. */
const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email);
}

/** Lower-cased form used for case-insensitive uniqueness and lookups of names. */
export function nameKey(name: string): string {
  return name.toLowerCase();
}
