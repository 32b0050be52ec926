import { describeApiFuzzing } from './fuzz/fuzz-suite.ts';

// Generated fuzzing (fuzz/fuzz-suite.ts) of every feature's calls but the configurations', and of the
// game clients' and servers' /runtime routes. The configurations' calls, most of all, are fuzzed by
// api-fuzz-configurations-*.test.ts, so that two workers share the run.
describeApiFuzzing((group) => group.feature !== 'config', { withRuntimeRoutes: true });
