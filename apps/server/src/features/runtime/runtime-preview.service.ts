import {
  type AbTest,
  formatResolution,
  notFound,
  type PreviewedContent,
  type PreviewRequest,
  type PreviewResponse,
  type RuntimeContent,
  resolvePlayer,
} from '@console/domain';
import type { Db } from '../../db/client.ts';
import { findAbTest } from '../abtest/abtest.store.ts';
import { buildRuntimeContent } from './runtime-content.service.ts';
import { versionsToActivate, withVersionsActivated } from './runtime-draft-versions.ts';
import { getRevision } from './runtime-revision.service.ts';
import { findLatestRevision } from './runtime-revision.store.ts';

// issue 15, player preview: resolvePlayer (what game servers call) over the content an operator
// chose — what is served now, a past revision, or the console's state with one plugin's draft active.

export const PREVIEW_MESSAGES = {
  pluginNotFound: (pluginId: number, environmentId: string) =>
    `Plugin ${pluginId} not found in ${environmentId}`,
} as const;

interface ChosenContent {
  content: RuntimeContent;
  previewed: PreviewedContent;
}

async function chooseContent(
  db: Db,
  environmentId: string,
  source: PreviewRequest['source'],
): Promise<ChosenContent> {
  if (source === 'current') {
    // what game servers serve: the latest revision (a rollback publishes the old content as the latest)
    const latest = await findLatestRevision(db, environmentId);
    if (latest === null) {
      return {
        content: (await buildRuntimeContent(db, environmentId)).content,
        previewed: { kind: 'console' },
      };
    }
    const revision = await getRevision(db, environmentId, latest.revision);
    return { content: revision.content, previewed: { kind: 'revision', revision: revision.revision } };
  }
  if ('revision' in source) {
    const revision = await getRevision(db, environmentId, source.revision);
    return { content: revision.content, previewed: { kind: 'revision', revision: revision.revision } };
  }
  const pluginId = source.draftOfPlugin;
  const { content } = await buildRuntimeContent(db, environmentId, { draftOfPlugin: pluginId });
  const plugin = content.plugins.find((candidate) => candidate.id === pluginId);
  if (!plugin) throw notFound(PREVIEW_MESSAGES.pluginNotFound(pluginId, environmentId));
  const versions = versionsToActivate(content, plugin.entries);
  const abTests = new Map<string, AbTest>();
  for (const { abTestId } of versions) {
    const abTest = await findAbTest(db, { environmentId, id: abTestId });
    if (abTest) abTests.set(abTestId, abTest);
  }
  return {
    content: withVersionsActivated(content, versions, abTests),
    previewed: { kind: 'draft', pluginId },
  };
}

/** The descriptions of the A/B-tests that placed the player (as the console has them now). */
async function describeMatchedTests(db: Db, environmentId: string, abTestIds: readonly string[]) {
  const found = await Promise.all(
    [...new Set(abTestIds)].sort().map((id) => findAbTest(db, { environmentId, id })),
  );
  return found
    .filter((abTest) => abTest !== null)
    .map((abTest) => ({
      id: abTest.id,
      description: abTest.description,
      caseDescriptions: abTest.data.caseDescriptions,
    }));
}

export async function previewPlayer(
  db: Db,
  environmentId: string,
  request: PreviewRequest,
): Promise<PreviewResponse> {
  const { content, previewed } = await chooseContent(db, environmentId, request.source);
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
    abTests: await describeMatchedTests(db, environmentId, matchedIds),
  };
}
