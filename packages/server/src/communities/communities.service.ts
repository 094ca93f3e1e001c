import type { Kysely } from 'kysely';
import {
  limits,
  messages,
  NAME_CHARACTERS,
  charLength,
  isCommunitySet,
  isCommunitySort,
  truncateChars,
  type Community,
  type CommunitySet,
  type CommunitySort,
  type CommunityWithoutMods,
  type UserWithoutModding,
} from '@commons/shared';
import type { CommunityListQueryParams } from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import type { DB } from '../db/schema.js';
import { hasOpenRequestFor } from '../community-requests/community-requests.repository.js';
import { errors } from '../lib/errors.js';
import { newId, parseId } from '../lib/ids.js';
import { imagesByIds } from '../images/images.repository.js';
import { presentImage } from '../images/images.presenter.js';
import { inCommunity, recordAdminAction, recordModAction } from '../moderation/modlog.service.js';
import { skipsCommunityCreationLimits } from '../policies/communities.policy.js';
import { isAdmin, siteRole, type Standing } from '../policies/roles.policy.js';
import { holdActiveAccount, lockAccount, type UserRow } from '../users/users.repository.js';
import { publicUsers, usersInOrder } from '../users/user-views.js';
import { presentCommunity, presentFullCommunity, type ViewerRelation } from './communities.presenter.js';
import {
  addMember,
  addModerator,
  currentBans,
  defaultCommunities,
  defaultCommunityIds,
  findCommunityById,
  findCommunityByName,
  insertCommunity,
  isBannedFrom,
  isDefaultCommunity,
  isModerator,
  joinedCommunities,
  listCommunities as listCommunityRows,
  moderatedCommunities,
  moderatedCount,
  moderatorIds,
  removeMember,
  removeModerator,
  rulesOf,
  searchCommunities,
  viewerRelations,
  type CommunityRow,
} from './communities.repository.js';

type Presenting = Pick<Deps, 'db' | 'secrets'>;

/** Communities as JSON, in one query each for their images and for what the viewer is to them. */
export async function communityJsons(
  deps: Presenting,
  rows: readonly CommunityRow[],
  viewer: UserRow | null,
  /**
   * `all`: userJoined, userMod and isMuted; `muted`: isMuted only, which every set carries (API.md
   * §5.4), the other two null; `none`: no viewer's relations at all.
   */
  options: { viewerFields: 'all' | 'muted' | 'none' } = { viewerFields: 'all' },
): Promise<CommunityWithoutMods[]> {
  const images = await imagesByIds(
    deps.db,
    rows.flatMap((r) => [r.pro_pic, r.banner_image]).filter((id): id is string => id !== null),
  );
  const relations =
    viewer && options.viewerFields !== 'none'
      ? await viewerRelations(
          deps.db,
          viewer.id,
          rows.map((r) => r.id),
        )
      : null;
  const key = deps.secrets.imageKey;
  return rows.map((row) => {
    const proPic = row.pro_pic ? images.get(row.pro_pic) : undefined;
    const banner = row.banner_image ? images.get(row.banner_image) : undefined;
    return presentCommunity(row, {
      proPic: proPic ? presentImage(proPic, 'avatar', key) : null,
      bannerImage: banner ? presentImage(banner, 'banner', key) : null,
      viewer: relations
        ? {
            joined: options.viewerFields === 'all' ? relations.joined.has(row.id) : null,
            mod: options.viewerFields === 'all' ? relations.modded.has(row.id) : null,
            muted: relations.muted.has(row.id),
          }
        : null,
    });
  });
}

async function moderatorsOf(
  deps: Presenting,
  communityId: string,
  viewer: UserRow | null,
): Promise<UserWithoutModding[]> {
  return publicUsers(deps, await usersInOrder(deps.db, await moderatorIds(deps.db, communityId)), viewer);
}

/** The full Community: mods and rules as arrays, for the community page, post pages and settings. */
export async function fullCommunityJson(
  deps: Presenting,
  row: CommunityRow,
  viewer: UserRow | null,
  options: { isDefault?: boolean } = {},
): Promise<Community> {
  const [base] = await communityJsons(deps, [row], viewer);
  const [mods, rules] = await Promise.all([moderatorsOf(deps, row.id, viewer), rulesOf(deps.db, row.id)]);
  const extras = {
    proPic: base!.proPic,
    bannerImage: base!.bannerImage,
    viewer: viewer
      ? ({
          joined: base!.userJoined ?? false,
          mod: base!.userMod ?? false,
          muted: base!.isMuted,
        } satisfies ViewerRelation)
      : null,
    ...(options.isDefault === undefined ? {} : { isDefault: options.isDefault }),
  };
  return presentFullCommunity(row, extras, mods, rules);
}

/** A community by id, or by name when `byName` (case-insensitive); 400 for a malformed id, else 404. */
export async function requireCommunity(
  db: Kysely<DB>,
  idOrName: string,
  byName: boolean,
): Promise<CommunityRow> {
  let row: CommunityRow | undefined;
  if (byName) {
    row = await findCommunityByName(db, idOrName);
  } else {
    const id = parseId(idOrName);
    if (!id) throw errors.invalidId();
    row = await findCommunityById(db, id);
  }
  if (!row) throw errors.communityNotFound();
  return row;
}

/** What the policies need to know about a viewer in one community (DOMAIN §7.1, §7.3). */
export async function standingIn(
  deps: Pick<Deps, 'db' | 'clock'>,
  viewer: UserRow,
  communityId: string,
): Promise<Standing> {
  const [moderates, banned] = await Promise.all([
    isModerator(deps.db, communityId, viewer.id),
    isBannedFrom(deps.db, communityId, viewer.id, deps.clock()),
  ]);
  return { isAdmin: viewer.is_admin, moderates, banned };
}

export interface CommunityQuery {
  q: string;
  set: CommunitySet;
  sort: CommunitySort;
  limit: number | null;
}

/** Reads `GET /api/communities` parameters with the contract's defaults and error codes (API.md §11.1). */
export function parseCommunityQuery(query: CommunityListQueryParams): CommunityQuery {
  const sort = query.sort || 'name_asc';
  if (!isCommunitySort(sort)) throw errors.invalidSort();
  const set = query.set || 'all';
  if (!isCommunitySet(set)) throw errors.invalidSet();
  let limit: number | null = null;
  if (query.limit !== undefined && query.limit !== '') {
    if (!/^-?\d+$/.test(query.limit)) throw errors.invalidCommunitiesLimit();
    limit = Number(query.limit) > 0 ? Math.min(Number(query.limit), 1000) : null;
  }
  return { q: (query.q ?? '').trim(), set, sort, limit };
}

/** `GET /api/communities`. */
export async function listCommunities(deps: Deps, viewer: UserRow | null, query: CommunityQuery) {
  if (query.q) return communityJsons(deps, await searchCommunities(deps.db, query.q), viewer);
  if (query.set === 'subscribed' && !viewer) throw errors.notLoggedIn();
  const rows = await listCommunityRows(deps.db, {
    set: query.set,
    sort: query.sort,
    limit: query.limit,
    userId: viewer?.id ?? null,
  });
  return communityJsons(deps, rows, viewer);
}

/** `GET /api/communities/{idOrName}`: with mods, rules and isDefault. */
export async function getCommunity(deps: Deps, viewer: UserRow | null, idOrName: string, byName: boolean) {
  const row = await requireCommunity(deps.db, idOrName, byName);
  return fullCommunityJson(deps, row, viewer, { isDefault: await isDefaultCommunity(deps.db, row.id) });
}

const NAME_PROBLEMS = {
  short: messages.communities.nameTooShort,
  long: 'Name has to be at most 21 characters.',
  characters: 'Name can only contain letters, digits and underscores.',
  reserved: 'That name is reserved.',
};

/**
 * A community lives at /{name}, beside the app's own pages: a community called "login" could never be
 * reached. These names (any case) are the app's.
 */
const RESERVED_NAMES = new Set([
  'about',
  'admin',
  'all',
  'api',
  'assets',
  'communities',
  'guidelines',
  'healthz',
  'images',
  'login',
  'markdown_guide',
  'moderating',
  'modlog',
  'new',
  'notifications',
  'search',
  'settings',
  'subscriptions',
  'terms',
]);

/** The community-name rule (API.md §2.4): 3–21 characters of the username set. */
export function communityNameProblem(name: string): string | null {
  const length = charLength(name);
  if (length < limits.communityNameMin) return NAME_PROBLEMS.short;
  if (length > limits.communityNameMax) return NAME_PROBLEMS.long;
  if (!NAME_CHARACTERS.test(name)) return NAME_PROBLEMS.characters;
  if (RESERVED_NAMES.has(name.toLowerCase())) return NAME_PROBLEMS.reserved;
  return null;
}

/**
 * `POST /api/communities` (API.md §11.2, DOMAIN §6.1): members with enough points who moderate fewer
 * than the maximum, or admins. The creator joins and becomes the top moderator, in one transaction.
 */
export async function createCommunity(
  deps: Deps,
  viewer: UserRow | null,
  body: { name?: string; about?: string | null },
) {
  if (!viewer) throw errors.notLoggedIn();
  if (!skipsCommunityCreationLimits(siteRole(viewer))) {
    await deps.limiter.consume('createCommunity', viewer.id);
    if (viewer.points < deps.config.communityCreationReqPoints) {
      throw errors.notEnoughPointsForCommunity(deps.config.communityCreationReqPoints);
    }
    if ((await moderatedCount(deps.db, viewer.id)) >= deps.config.maxModeratedCommunities) {
      throw errors.maxLimitReached();
    }
  }
  const name = (body.name ?? '').trim();
  const problem = communityNameProblem(name);
  if (problem) throw errors.invalidCommunityName(problem);
  const about = truncateChars((body.about ?? '').trim(), limits.communityAboutCreateMax) || null;

  const created = await deps.db.transaction().execute(async (trx) => {
    if (!skipsCommunityCreationLimits(siteRole(viewer))) {
      // Counted again under the member's row lock: creations sent at once each saw the count before
      // any of them, and all passed the limit.
      await lockAccount(trx, viewer.id);
      if ((await moderatedCount(trx, viewer.id)) >= deps.config.maxModeratedCommunities) {
        throw errors.maxLimitReached();
      }
    }
    const row = await insertCommunity(trx, { id: newId(), user_id: viewer.id, name, about });
    if (!row) return undefined;
    await addMember(trx, row.id, viewer.id);
    await addModerator(trx, row.id, viewer.id);
    // An admin creating a community that members asked for is how a request is granted (the admin
    // page then shows it as created): the moderation log records that approval.
    if (isAdmin(siteRole(viewer)) && (await hasOpenRequestFor(trx, name))) {
      await recordAdminAction(trx, viewer, 'approve_community_request', deps.clock(), {
        ...inCommunity(row),
        targetTitle: name,
      });
    }
    return findCommunityById(trx, row.id);
  });
  if (!created) throw errors.communityExists();
  const [json] = await communityJsons(deps, [created], viewer);
  return json!;
}

/** `POST /api/_joinCommunity`: counts change only when membership really changes; leaving ends a mod role. */
export async function joinCommunity(
  deps: Deps,
  viewer: UserRow | null,
  body: { communityId: string; leave?: boolean },
) {
  if (!viewer) throw errors.notLoggedIn();
  const id = parseId(body.communityId);
  if (!id) throw errors.invalidId();
  await deps.limiter.consume('joinCommunity', viewer.id);
  const community = await findCommunityById(deps.db, id);
  if (!community) throw errors.communityNotFound();
  await deps.db.transaction().execute(async (trx) => {
    // A membership never outlives its account's deletion, which leaves every community.
    if (!(await holdActiveAccount(trx, viewer.id))) throw errors.notLoggedIn();
    if (body.leave) {
      await removeMember(trx, id, viewer.id);
      // A moderator who leaves steps down: logged as removing a moderator would be.
      if (await removeModerator(trx, id, viewer.id)) {
        await recordModAction(trx, viewer, {
          at: deps.clock(),
          actedAs: 'mods',
          action: 'remove_moderator',
          ...inCommunity(community),
          targetUserId: viewer.id,
          targetUserName: viewer.username,
        });
      }
    } else {
      await addMember(trx, id, viewer.id);
    }
  });
  const [json] = await communityJsons(deps, [(await findCommunityById(deps.db, id))!], viewer);
  // API.md §11.5 answers `userMod: false` whatever the viewer's role, as the reference does.
  return { ...json!, userMod: false };
}

/** A new account joins every default community (DOMAIN §2.7). Runs in the signup transaction. */
export async function joinDefaultCommunities(db: Kysely<DB>, userId: string): Promise<void> {
  // In id order, as an account's deletion leaves them: two orders of the same rows deadlock.
  for (const id of (await defaultCommunityIds(db)).sort()) await addMember(db, id, userId);
}

/** `_initial.communities`: the member's communities, or the default ones for guests; null when none. */
export async function sidebarCommunities(
  deps: Presenting,
  viewer: UserRow | null,
): Promise<CommunityWithoutMods[] | null> {
  const rows = viewer ? await joinedCommunities(deps.db, viewer.id) : await defaultCommunities(deps.db);
  return rows.length ? communityJsons(deps, rows, viewer, { viewerFields: 'muted' }) : null;
}

/** `_initial.bannedFrom`: communities with a ban that holds now; null when none. */
export async function bannedFrom(
  deps: Pick<Deps, 'db' | 'clock'>,
  viewer: UserRow | null,
): Promise<string[] | null> {
  if (!viewer) return null;
  const ids = await currentBans(deps.db, viewer.id, deps.clock());
  return ids.length ? ids : null;
}

/** A user's `moddingList`: the communities they moderate, null when none (API.md §5.3). */
export async function moddingList(deps: Presenting, userId: string): Promise<CommunityWithoutMods[] | null> {
  const rows = await moderatedCommunities(deps.db, userId);
  return rows.length ? communityJsons(deps, rows, null, { viewerFields: 'none' }) : null;
}
