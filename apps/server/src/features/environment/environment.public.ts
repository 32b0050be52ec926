// What the rest of the server uses of environments besides the service: the request path's catalog
// of environments and their protection, and the Users screen's protection switch and console-wide
// changes (audited in every environment), and change requests' branches and review policies.

export type { EnvironmentInitializer, EnvironmentSetup } from './environment.initializers.ts';
export {
  ENVIRONMENT_ARCHIVE_CHANNEL,
  findReviewPolicies,
  findReviewPolicy,
  listEnvironmentIds,
  setEnvironmentArchived,
  updateEnvironmentProtected,
  updateReviewPolicy,
} from './environment.store.ts';
export {
  CATALOG_CACHE_MS,
  createEnvironmentCatalog,
  type EnvironmentCatalog,
} from './environment-catalog.ts';
