// @console/runtime-client/openfeature: the OpenFeature provider, apart from the main entry so a game
// server that does not use OpenFeature needs no @openfeature package (an optional peer dependency).
export {
  ABTEST_FLAG_PREFIX,
  RuntimeOpenFeatureProvider,
  type RuntimeProviderOptions,
  variantOfCase,
} from './openfeature-provider.ts';
