import type { EnvironmentSetup } from './features/environment/environment.public.ts';
import { ensureEveryPlugin } from './features/plugin/plugin.service.ts';
import { publishFirstRevision } from './features/publishing/publish.service.ts';

/**
 * What creating an environment involves besides its row: every plugin exists in it, and it publishes its
 * first runtime revision. Composed here, by the entry points' side, so features/environment imports
 * neither plugin nor publishing (no cycle between feature folders). Features add their initializers here.
 */
export const environmentSetup: EnvironmentSetup = Object.freeze({
  initializers: Object.freeze([ensureEveryPlugin]),
  publishFirstRevision,
});
