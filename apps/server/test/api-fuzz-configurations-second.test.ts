import { describeApiFuzzing } from './fuzz/fuzz-suite.ts';

// Generated fuzzing (fuzz/fuzz-suite.ts) of the second half of the configurations' calls; the first
// half is api-fuzz-configurations-first.test.ts, the other features' calls api-fuzz.test.ts.
describeApiFuzzing((group) => group.feature === 'config' && group.index >= Math.ceil(group.count / 2), {
  withRuntimeRoutes: false,
});
