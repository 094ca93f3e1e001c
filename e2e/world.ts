import { expect, type Page } from '@playwright/test';
import type { Community, Post } from '../packages/shared/src/schemas/types';
import { type ApiVisitor, createAccount, PASSWORD } from './api';
import { accountButton, uniqueName } from './helpers';
import { cli } from './server';

/**
 * States the journeys start from, built through the HTTP contract the way another client would (never
 * by writing to the database): admins, communities, members with points, posts.
 */

export interface Member {
  name: string;
  api: ApiVisitor;
}

export async function newMember(baseURL: string, prefix = 'u'): Promise<Member> {
  const name = uniqueName(prefix);
  return { name, api: await createAccount(baseURL, name) };
}

/** A new account made admin by the operator command, as a site's owner would. */
export async function newAdmin(baseURL: string): Promise<Member> {
  const member = await newMember(baseURL, 'adm');
  const result = cli(process.env.E2E_DATA_DIR!, 'admin', 'add', member.name);
  if (result.code !== 0) throw new Error(`admin add ${member.name}: ${result.out}`);
  return member;
}

export function newCommunity(by: Member, about = 'A place for testing.'): Promise<Community> {
  return by.api.ok<Community>('POST', '/api/communities', { name: uniqueName('c'), about });
}

export function textPost(by: Member, community: string, title: string, body = ''): Promise<Post> {
  return by.api.ok<Post>('POST', '/api/posts', { type: 'text', title, body, community });
}

/**
 * A member whose text post in `community` got `upvotes` upvotes from other new members. New members
 * start with 1 point and each upvote from someone else adds one (DOMAIN §3).
 */
export async function memberWithUpvotes(
  baseURL: string,
  community: string,
  upvotes: number,
): Promise<Member> {
  const member = await newMember(baseURL, 'pts');
  const post = await textPost(member, community, 'Hello, I am new here');
  for (let i = 0; i < upvotes; i++) {
    const voter = await newMember(baseURL, 'v');
    await voter.api.ok('POST', '/api/_postVote', { postId: post.id, up: true });
  }
  return member;
}

/**
 * A moderator who is not an admin, with the community they moderate: a member who earns the points to
 * create one in the admin's town square. The admin comes along for tests that need one.
 */
export async function newModerator(
  baseURL: string,
): Promise<{ admin: Member; mod: Member; community: Community }> {
  const admin = await newAdmin(baseURL);
  const town = await newCommunity(admin);
  const mod = await memberWithUpvotes(baseURL, town.name, 2);
  return { admin, mod, community: await newCommunity(mod) };
}

/**
 * Logs the page's browser context in as `member` through the API, as the login form would, then opens
 * the home page with the account in the navbar. The form has journeys of its own (login.spec.ts); here
 * it would cost every journey a page load and a redirect.
 */
export async function logInAs(page: Page, member: Pick<Member, 'name'>): Promise<void> {
  const initial = await page.request.get('/api/_initial');
  const csrf = initial.headers()['csrf-token'];
  const login = await page.request.post('/api/_login', {
    data: { username: member.name, password: PASSWORD },
    headers: csrf ? { 'x-csrf-token': csrf } : {},
  });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto('/');
  await expect(accountButton(page, member.name)).toBeVisible();
}
