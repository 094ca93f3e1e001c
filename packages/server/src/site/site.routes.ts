import type { FastifyInstance } from 'fastify';
import { InitialSchema, SiteSettingsSchema, SiteSettingsUpdateBodySchema } from '@commons/shared/schemas';
import type { Deps } from '../deps.js';
import type { TypeBoxProvider } from '../http/request-types.js';
import { getInitial } from './initial.service.js';
import { readSiteSettings, updateSiteSettings } from './site-settings.service.js';

export function siteRoutes(scope: FastifyInstance, deps: Deps): void {
  const app = scope.withTypeProvider<TypeBoxProvider>();
  app.get('/_initial', { schema: { response: { 200: InitialSchema } } }, (request) =>
    getInitial(deps, request.viewer),
  );
  // API.md §16.2 (admin).
  app.get('/site_settings', { schema: { response: { 200: SiteSettingsSchema } } }, (request) =>
    readSiteSettings(deps, request.viewer.user),
  );
  app.put(
    '/site_settings',
    { schema: { body: SiteSettingsUpdateBodySchema, response: { 200: SiteSettingsSchema } } },
    (request) => updateSiteSettings(deps, request.viewer.user, request.body),
  );
}
