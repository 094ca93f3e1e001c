import type { FastifyInstance } from 'fastify';
import {
  AddModBodySchema,
  ByNameQuerySchema,
  CommunityBanBodySchema,
  CommunityModParamsSchema,
  CommunityParamsSchema,
  CommunityReportParamsSchema,
  CommunityReportsQuerySchema,
  CommunityReportsSchema,
  CommunityRuleListSchema,
  CommunityRuleParamsSchema,
  CommunityRuleSchema,
  CommunitySchema,
  CommunityWithoutModsSchema,
  CreateRuleBodySchema,
  ReportSchema,
  UpdateCommunityBodySchema,
  UpdateRuleBodySchema,
  UserListSchema,
  UserWithoutModdingSchema,
} from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import { multipartScope, readImageUpload } from '../images/images.routes.js';
import {
  addCommunityModerator,
  addRule,
  banFromCommunity,
  editRule,
  getRule,
  ignoreReport,
  listBanned,
  listModerators,
  listReports,
  listRules,
  removeCommunityImage,
  removeCommunityModerator,
  removeRule,
  setCommunityImage,
  unbanFromCommunity,
  updateCommunity,
  type CommunityImageSlot,
} from './moderation.service.js';

const params = CommunityParamsSchema;

/** The moderators' routes of a community (API.md §11.4, §11.6–§11.10). */
export function moderationRoutes(scope: FastifyInstance, deps: Deps): void {
  const app = scope.withTypeProvider<TypeBoxProvider>();

  app.put(
    '/communities/:id',
    {
      schema: {
        params,
        querystring: ByNameQuerySchema,
        body: UpdateCommunityBodySchema,
        response: { 200: CommunitySchema },
      },
    },
    (request) =>
      updateCommunity(
        deps,
        request.viewer.user,
        request.params.id,
        request.query.byName === 'true',
        request.body,
      ),
  );

  // Rules.
  const rule = { params: CommunityRuleParamsSchema, response: { 200: CommunityRuleSchema } };
  app.get(
    '/communities/:id/rules',
    { schema: { params, response: { 200: CommunityRuleListSchema } } },
    (request) => listRules(deps, request.params.id),
  );
  app.post(
    '/communities/:id/rules',
    { schema: { params, body: CreateRuleBodySchema, response: { 200: CommunityRuleListSchema } } },
    (request) => addRule(deps, request.viewer.user, request.params.id, request.body),
  );
  app.get('/communities/:id/rules/:ruleId', { schema: rule }, (request) =>
    getRule(deps, request.params.ruleId),
  );
  app.put('/communities/:id/rules/:ruleId', { schema: { ...rule, body: UpdateRuleBodySchema } }, (request) =>
    editRule(deps, request.viewer.user, request.params.ruleId, request.body),
  );
  app.delete('/communities/:id/rules/:ruleId', { schema: rule }, (request) =>
    removeRule(deps, request.viewer.user, request.params.ruleId),
  );

  // Moderators.
  app.get('/communities/:id/mods', { schema: { params, response: { 200: UserListSchema } } }, (request) =>
    listModerators(deps, request.viewer.user, request.params.id),
  );
  app.post(
    '/communities/:id/mods',
    { schema: { params, body: AddModBodySchema, response: { 200: UserListSchema } } },
    (request) => addCommunityModerator(deps, request.viewer.user, request.params.id, request.body),
  );
  app.delete(
    '/communities/:id/mods/:username',
    { schema: { params: CommunityModParamsSchema, response: { 200: UserWithoutModdingSchema } } },
    (request) =>
      removeCommunityModerator(deps, request.viewer.user, request.params.id, request.params.username),
  );

  // Bans.
  app.get('/communities/:id/banned', { schema: { params, response: { 200: UserListSchema } } }, (request) =>
    listBanned(deps, request.viewer.user, request.params.id),
  );
  app.post(
    '/communities/:id/banned',
    { schema: { params, body: CommunityBanBodySchema, response: { 200: UserWithoutModdingSchema } } },
    (request) => banFromCommunity(deps, request.viewer.user, request.params.id, request.body),
  );
  app.delete(
    '/communities/:id/banned',
    { schema: { params, body: CommunityBanBodySchema, response: { 200: UserWithoutModdingSchema } } },
    (request) => unbanFromCommunity(deps, request.viewer.user, request.params.id, request.body),
  );

  // Reports.
  app.get(
    '/communities/:id/reports',
    {
      schema: {
        params,
        querystring: CommunityReportsQuerySchema,
        response: { 200: CommunityReportsSchema },
      },
    },
    (request) => listReports(deps, request.viewer.user, request.params.id, request.query),
  );
  app.delete(
    '/communities/:id/reports/:reportId',
    { schema: { params: CommunityReportParamsSchema, response: { 200: ReportSchema } } },
    (request) => ignoreReport(deps, request.viewer.user, request.params.id, request.params.reportId),
  );

  // Images.
  const community = { params, response: { 200: CommunityWithoutModsSchema } };
  const slots: [string, CommunityImageSlot][] = [
    ['pro_pic', 'pro_pic'],
    ['banner_image', 'banner_image'],
  ];
  multipartScope(app, deps, (child) => {
    const multipart = child.withTypeProvider<TypeBoxProvider>();
    for (const [path, slot] of slots) {
      multipart.post(`/communities/:id/${path}`, { schema: community }, (request) =>
        setCommunityImage(deps, request.viewer.user, request.params.id, slot, () =>
          readImageUpload(request, deps.config.maxImageSize),
        ),
      );
    }
  });
  for (const [path, slot] of slots) {
    app.delete(`/communities/:id/${path}`, { schema: community }, (request) =>
      removeCommunityImage(deps, request.viewer.user, request.params.id, slot),
    );
  }
}
