import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { activateDraft } from './plugin-activation.service.ts';
import { getPluginDetails, setPluginDescription } from './plugin-details.service.ts';
import { saveDraft } from './plugin-draft.service.ts';
import { previewDraftImpact } from './plugin-impact.service.ts';
import { checkUsage } from './plugin-usage.service.ts';

// Plugin details calls.
export async function pluginDetailsRoutes(app: FastifyInstance) {
  const { plugin } = api;
  registerEndpoint(app, plugin.get, ({ ctx, body }) => getPluginDetails(ctx, body.pluginId));
  registerEndpoint(app, plugin.setDescription, ({ ctx, body }) => setPluginDescription(ctx, body));
  registerEndpoint(app, plugin.saveDraft, ({ ctx, body }) => saveDraft(ctx, body));
  registerEndpoint(app, plugin.activateDraft, ({ ctx, body }) => activateDraft(ctx, body));
  registerEndpoint(app, plugin.draftImpact, ({ ctx, body }) => previewDraftImpact(ctx, body.pluginId));
  registerEndpoint(app, plugin.abTestUsage, ({ ctx, body }) => checkUsage(ctx, body));
}
