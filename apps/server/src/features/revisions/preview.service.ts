import { notFound } from '@console/domain/errors';
import {
  formatResolution,
  PREVIEW_MESSAGES,
  type PreviewedContent,
  type PreviewRequest,
  type PreviewResponse,
  type RuntimeContent,
  resolvePlayer,
} from '@console/domain/runtime';
import type { EnvironmentContext } from '../../context.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { loadAbTestsById } from '../abtest/abtest.public.ts';
import { findPluginState, readDraftActivationPlan } from '../plugin/plugin.public.ts';
import { buildRuntimeContent } from '../publishing/content.service.ts';
import { findLatestRevision } from '../publishing/publishing.public.ts';
import { withVersionsActivated } from './draft-versions.ts';
import { getRevision } from './revision.service.ts';

// Player preview: resolvePlayer (what game servers call) over the content an operator
// chose — what is served now, a past revision, or the console's state as one plugin's draft
// activation would leave it.

interface ChosenContent {
  content: RuntimeContent;
  previewed: PreviewedContent;
}

async function chooseContent(
  ctx: EnvironmentContext,
  source: PreviewRequest['source'],
): Promise<ChosenContent> {
  const { db, environmentId } = ctx;
  if (source === 'current') {
    // what game servers serve: the latest revision (a rollback publishes the old content as the latest)
    const latest = await findLatestRevision(db, environmentId);
    if (latest === null) {
      return {
        content: (await buildRuntimeContent({ db, environmentId })).content,
        previewed: { kind: 'console' },
      };
    }
    const revision = await getRevision(ctx, latest.revision);
    return { content: revision.content, previewed: { kind: 'revision', revision: revision.revision } };
  }
  if ('revision' in source) {
    const revision = await getRevision(ctx, source.revision);
    return { content: revision.content, previewed: { kind: 'revision', revision: revision.revision } };
  }
  return contentAsIfActivated(ctx, source.draftOfPlugin);
}

/**
 * The console's state as activating the plugin's draft leaves it: the activation's own plan
 * (planDraftActivation) says which versions it activates and which other plugins' drafts it takes
 * alongside; their drafts stand in for their active sets and the versions are served as activated.
 * One snapshot, so the plan and the content agree.
 */
function contentAsIfActivated(ctx: EnvironmentContext, pluginId: number): Promise<ChosenContent> {
  const { environmentId } = ctx;
  return runInTransaction(
    ctx.db,
    async (tx) => {
      const plugin = await findPluginState(tx, environmentId, pluginId);
      if (!plugin) throw notFound(PREVIEW_MESSAGES.pluginNotFound(pluginId, environmentId));
      const { plan, abTests } = await readDraftActivationPlan(tx, environmentId, plugin);
      const draftsOfPlugins = [pluginId, ...plan.alongside];
      const { content } = await buildRuntimeContent({ db: tx, environmentId }, { draftsOfPlugins });
      return {
        content: withVersionsActivated(content, plan.versions, abTests),
        previewed: { kind: 'draft', pluginId, alongside: plan.alongside },
      };
    },
    { isolationLevel: 'RepeatableRead' },
  );
}

/** The descriptions of the A/B-tests that placed the player (as the console has them now). */
async function describeMatchedTests(ctx: EnvironmentContext, abTestIds: readonly string[]) {
  const found = await loadAbTestsById(ctx.db, ctx.environmentId, abTestIds);
  return [...new Set(abTestIds)]
    .sort()
    .flatMap((id) => found.get(id) ?? [])
    .map((abTest) => ({
      id: abTest.id,
      description: abTest.description,
      caseDescriptions: abTest.data.caseDescriptions,
    }));
}

export async function previewPlayer(
  ctx: EnvironmentContext,
  request: PreviewRequest,
): Promise<PreviewResponse> {
  const { content, previewed } = await chooseContent(ctx, request.source);
  const at = request.at ?? Date.now();
  const resolution = resolvePlayer(
    content,
    { userId: request.userId, context: request.context, level: request.level },
    at,
  );
  const matchedIds = resolution.plugins.flatMap((plugin) =>
    plugin.matched ? [plugin.matched.abTestId] : [],
  );
  return {
    content: previewed,
    resolution,
    lines: formatResolution(resolution),
    abTests: await describeMatchedTests(ctx, matchedIds),
  };
}
