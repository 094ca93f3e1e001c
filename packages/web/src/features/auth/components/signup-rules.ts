import { checkPassword, checkUsername, isValidEmail, messages } from '@commons/shared';
import { apiMessages } from '@commons/shared/texts/api';

export type Field = 'username' | 'email' | 'password' | 'repeat';
export type Errors = Partial<Record<Field | 'form', string>>;

/** The first broken rule of the username, in the form's wording (core §5). */
export function usernameError(username: string): string | null {
  switch (checkUsername(username)) {
    case 'empty':
      return messages.signup.usernameEmpty;
    case 'too-short':
      return messages.signup.usernameTooShort;
    case 'bad-characters':
      return apiMessages.usernameBadCharacters;
    default:
      return null; // too long cannot happen: the field stops at the limit
  }
}

export function validateSignup(values: Record<Field, string>): Errors {
  const errors: Errors = {};
  const username = usernameError(values.username.trim());
  if (username) errors.username = username;
  const email = values.email.trim();
  if (email !== '' && !isValidEmail(email)) errors.email = messages.signup.emailInvalid;
  const password = checkPassword(values.password.trim());
  if (password === 'empty') errors.password = messages.signup.passwordEmpty;
  if (password === 'too-short') errors.password = messages.signup.passwordTooWeak;
  if (values.repeat.trim() === '') errors.repeat = messages.signup.repeatPasswordEmpty;
  // The repeat must be what was typed, spaces included (the server trims both the same way later).
  else if (values.repeat !== values.password) errors.repeat = messages.signup.passwordsDoNotMatch;
  return errors;
}
