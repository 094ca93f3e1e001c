/**
 * Error bodies that several API test files expect, as API.md §4 writes them. Each is stated here once,
 * from the contract, not imported from the server: a change of message on the server must fail a test.
 */

export const COMMUNITY_NOT_FOUND = {
  status: 404,
  code: 'community/not-found',
  message: 'Community not found.',
};
export const INVALID_CURSOR = {
  status: 400,
  code: 'invalid_cursor',
  message: 'Invalid feed pagination cursor.',
};
export const INVALID_GROUP = { status: 400, code: 'user/invalid-group', message: 'Invalid user group.' };
export const INVALID_ID = { status: 400, code: 'invalid_id', message: 'Invalid ID.' };
export const INVALID_URL = {
  status: 400,
  code: 'invalid-url',
  message: 'The URL you provided is not a valid URL.',
};
export const NOT_ADMIN = { status: 403, code: 'not_admin', message: 'You are not an admin.' };
export const NOT_AUTHOR = { status: 403, code: 'not_author', message: 'You are not the author.' };
export const NOT_LOGGED_IN = { status: 401, code: 'not_logged_in', message: 'User is not logged in.' };
export const NOT_MOD = { status: 403, code: 'not_mod', message: 'You are not a moderator.' };
export const POST_LOCKED = { status: 403, code: 'post-locked', message: 'The post is locked.' };
export const POST_NOT_FOUND = { status: 404, code: 'post/not-found', message: 'Post not found.' };
export const SUSPENDED = { status: 403, code: 'account_suspended', message: 'User account suspended.' };
export const USER_NOT_FOUND = { status: 404, code: 'user_not_found', message: 'User not found.' };
