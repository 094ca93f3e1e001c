import type {
  Community,
  CommunityRule,
  CommunityWithoutMods,
  Image,
  UserWithoutModding,
} from '@commons/shared';
import type { CommunityRow, RuleRow } from './communities.repository.js';

/** What the viewer is to the community; null when anonymous or not computed (API.md §5.4). */
export interface ViewerRelation {
  /** Null where the contract leaves them out of a set (`_initial.communities`, API.md §6.1). */
  joined: boolean | null;
  mod: boolean | null;
  muted: boolean;
}

export interface CommunityExtras {
  proPic: Image | null;
  bannerImage: Image | null;
  viewer: ViewerRelation | null;
  /** Present only in `GET /api/communities/{id}`. */
  isDefault?: boolean;
}

/**
 * `namesHidden`: the community hides its moderators' names (decisions §48), so who wrote a rule is not
 * told: `createdBy` names the community, as it does for a rule whose author is gone.
 */
export function presentRule(row: RuleRow, namesHidden: boolean): CommunityRule {
  return {
    id: row.id,
    rule: row.rule,
    description: row.description,
    communityId: row.community_id,
    zIndex: row.z_index,
    createdBy: namesHidden ? row.community_id : (row.created_by ?? row.community_id),
    createdAt: row.created_at.toISOString(),
  };
}

/** The Community of API.md §5.4 without its mods and rules (listings, sidebars, moddingList). */
export function presentCommunity(row: CommunityRow, extras: CommunityExtras): CommunityWithoutMods {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    nsfw: row.nsfw,
    about: row.about,
    noMembers: row.no_members,
    proPic: extras.proPic,
    bannerImage: extras.bannerImage,
    postingRestricted: row.posting_restricted,
    // An addition to the contract, present only when on: the reference's key list stays as it was.
    ...(row.modlog_hide_names ? { modlogHideNames: true } : {}),
    createdAt: row.created_at.toISOString(),
    deletedAt: row.deleted_at?.toISOString() ?? null,
    ...(extras.isDefault === undefined ? {} : { isDefault: extras.isDefault }),
    userJoined: extras.viewer?.joined ?? null,
    userMod: extras.viewer?.mod ?? null,
    isMuted: extras.viewer?.muted ?? false,
    mods: null,
    rules: null,
    ReportsDetails: null,
  };
}

/** The full Community: with its moderators (rank order) and rules, both always arrays (MUST, client). */
export function presentFullCommunity(
  row: CommunityRow,
  extras: CommunityExtras,
  mods: UserWithoutModding[],
  rules: RuleRow[],
): Community {
  return {
    ...presentCommunity(row, extras),
    mods,
    rules: rules.map((rule) => presentRule(rule, row.modlog_hide_names)),
  };
}
