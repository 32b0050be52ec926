// What other features use of plugins: the entries pointing at configurations (the configurations'
// usage and the "Update is not allowed" flow, which moves them), a plugin with its entries, and what
// activating its draft would do (the player preview), and the plugins with their entries the schedule
// overview shows.

export { findPluginState } from './plugin.store.ts';
export { readDraftActivationPlan } from './plugin-details.loaders.ts';
export {
  type ConfigurationReferenceRow,
  findConfigurationReferences,
  findEntriesReferencing,
  listSchedulePlugins,
  type PluginEntryRow,
} from './plugin-entries.store.ts';
export { moveEntriesToCopy } from './plugin-entry-moves.ts';
