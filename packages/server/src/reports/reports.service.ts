import { isReportType, type Report, type ReportBody } from '@commons/shared';
import { requireComment } from '../comments/comments.service.js';
import { standingIn } from '../communities/communities.service.js';
import { assertNotBanned } from '../policies/communities.policy.js';
import type { Deps } from '../deps.js';
import { errors } from '../lib/errors.js';
import { parseId } from '../lib/ids.js';
import { findPostById } from '../posts/posts.repository.js';
import type { UserRow } from '../users/users.repository.js';
import { presentReport } from './reports.presenter.js';
import { insertReport, reportReasonExists } from './reports.repository.js';

/**
 * `POST /api/_report` (API.md §11.11, DOMAIN §7.5): one report per user, target and reason. Nobody
 * reports their own post or comment: the client never offers it, and the server refuses it.
 */
export async function report(deps: Deps, viewer: UserRow | null, body: ReportBody): Promise<Report> {
  if (!viewer) throw errors.notLoggedIn();
  const type = body.type || 'post';
  if (!isReportType(type)) throw errors.invalidReportType();
  const reasonInRange = body.reason >= 1 && body.reason <= 2 ** 31 - 1;
  if (!reasonInRange || !(await reportReasonExists(deps.db, body.reason))) {
    throw errors.invalidReportReason();
  }
  await deps.limiter.consume('report', viewer.id);
  const targetId = parseId(body.targetId);
  if (!targetId) throw errors.invalidId();

  let target: { postId: string; communityId: string; authorId: string };
  if (type === 'post') {
    const post = await findPostById(deps.db, targetId);
    if (!post) throw errors.postNotFound();
    target = { postId: post.id, communityId: post.community_id, authorId: post.user_id };
  } else {
    const comment = await requireComment(deps, targetId);
    target = { postId: comment.post_id, communityId: comment.community_id, authorId: comment.user_id };
  }
  assertNotBanned(await standingIn(deps, viewer, target.communityId));
  if (target.authorId === viewer.id) throw errors.ownContent(type);

  const row = await insertReport(deps.db, {
    type,
    target_id: targetId,
    community_id: target.communityId,
    post_id: target.postId,
    reason_id: body.reason,
    created_by: viewer.id,
    created_at: deps.clock(),
  });
  if (!row) throw errors.alreadyReported(type);
  return presentReport(row, null);
}
