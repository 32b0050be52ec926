import { describeApiFuzzing } from './fuzz/fuzz-suite.ts';

// Generated fuzzing (fuzz/fuzz-suite.ts) of the first half of the configurations' calls; the second
// half is api-fuzz-configurations-second.test.ts, the other features' calls api-fuzz.test.ts.
describeApiFuzzing((group) => group.feature === 'config' && group.index < Math.ceil(group.count / 2), {
  withRuntimeRoutes: false,
});
