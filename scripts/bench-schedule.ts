// `npm run bench` (first part): the schedule overview, pure computation, no database.
// 20 plugins × 50 configurations × 120 slots (the default grid), printed as a ratio to computing one
// configuration's slots (the same configurations, one at a time) in the same run. Figures, not pass/fail.
import { performance } from 'node:perf_hooks';
import { type ActivationTiming, defaultActivationSettings, WEEKLY_SLOT_COUNT } from '@console/domain/config';
import { WorldEventActivationType as T } from '@console/domain/enums';
import { PLUGIN_IDS } from '@console/domain/operations';
import {
  buildSlotGrid,
  computeConfigurationSlots,
  computeScheduleOverview,
  type ScheduleConfiguration,
  type ScheduleOverviewInput,
  type SchedulePluginInput,
} from '@console/domain/schedule';
import { randomSequence } from './bench-random.ts';

const PLUGINS = 20;
const CONFIGURATIONS_PER_PLUGIN = 50;
const ENTRIES_PER_PLUGIN = 5; // 5 A/B-test entries × 10 cases: 5 configurations compete for each case
const ROUNDS = 50;
const NOW = Date.parse('2024-03-10T10:30:00Z');
const H = 3_600;

const random = randomSequence(12);

/** A mix of every cadence, some with cooldowns and weekly slots cut short, as operators set them. */
function activationOf(index: number): ActivationTiming {
  const base = defaultActivationSettings();
  switch (index % 8) {
    case 0:
      return {
        ...base,
        type: T.Daily,
        scheduleOffset: random(24) * H,
        maxEventDuration: (1 + random(12)) * H,
      };
    case 1:
      return { ...base, type: T.Daily, maxEventDuration: 24 * H, cooldown: random(2) * H };
    case 2:
      return { ...base, type: T.Hourly, maxEventDuration: (10 + random(50)) * 60, cooldown: random(3) * 600 };
    case 3:
      return {
        ...base,
        type: T.Weekly,
        scheduleOffset: random(7) * 24 * H,
        maxEventDuration: (1 + random(3)) * 24 * H,
      };
    case 4: {
      const weeklyOffer = Array.from({ length: WEEKLY_SLOT_COUNT }, () => random(4) === 0);
      return {
        ...base,
        type: T.Schedule,
        weeklyOffer,
        maxEventDuration: (4 + random(20)) * H,
        cooldown: random(2) * H,
      };
    }
    case 5:
      return {
        ...base,
        type: T.Continuous,
        start: NOW - random(30) * 24 * H * 1000,
        cooldown: (1 + random(12)) * H,
      };
    case 6:
      return {
        ...base,
        type: T.OneShot,
        start: NOW + (random(20 * 24) - 48) * H * 1000,
        maxEventDuration: (1 + random(48)) * H,
      };
    default:
      return { ...base, type: T.Every30Min, maxEventDuration: (5 + random(25)) * 60 };
  }
}

const pluginIds = [...PLUGIN_IDS, 200].slice(0, PLUGINS); // 19 plugins exist; one more id stands for a 20th
const configurations: ScheduleConfiguration[] = [];
const plugins: SchedulePluginInput[] = pluginIds.map((id, pluginIndex) => {
  const ids = Array.from({ length: CONFIGURATIONS_PER_PLUGIN }, (_, index) => {
    const number = pluginIndex * CONFIGURATIONS_PER_PLUGIN + index;
    const configuration = {
      id: `cfg-${number}`,
      kind: 'ar',
      description: `Bench ${number}`,
      active: random(20) !== 0,
      activation: activationOf(number),
    };
    configurations.push(configuration);
    return configuration.id;
  });
  const casesPerEntry = CONFIGURATIONS_PER_PLUGIN / ENTRIES_PER_PLUGIN;
  return {
    id,
    active: true,
    entries: Array.from({ length: ENTRIES_PER_PLUGIN }, (_, position) => ({
      set: 'active' as const,
      position,
      configurations: ids.slice(position * casesPerEntry, (position + 1) * casesPerEntry),
    })),
  };
});
const input: ScheduleOverviewInput = {
  settings: { slotsPerDay: 8, daysBack: 1, daysForward: 14, includeDraft: false },
  plugins,
  configurations,
};
const grid = buildSlotGrid(input.settings, NOW);

function timeOf(rounds: number, run: () => unknown): number {
  for (let index = 0; index < 5; index++) run(); // warm-up
  const start = performance.now();
  for (let index = 0; index < rounds; index++) run();
  return ((performance.now() - start) * 1000) / rounds; // µs per round
}

// one configuration's slots: every configuration of the mix in turn, averaged
const allSlots = timeOf(ROUNDS, () => {
  for (const configuration of configurations) computeConfigurationSlots(configuration, grid);
});
const oneConfiguration = allSlots / configurations.length;
const overview = timeOf(ROUNDS, () => computeScheduleOverview(input, NOW));
const answer = computeScheduleOverview(input, NOW);
const conflictCount = (kind: string) => answer.conflicts.filter((conflict) => conflict.kind === kind).length;

const line = (name: string, micros: number) =>
  console.log(
    `${name.padEnd(58)} ${micros.toFixed(1).padStart(9)} µs ${(micros / oneConfiguration).toFixed(0).padStart(7)}x`,
  );
console.log(
  `Schedule overview: ${PLUGINS} plugins × ${CONFIGURATIONS_PER_PLUGIN} configurations × ${grid.count} slots, ` +
    `${ROUNDS} rounds, pure (no database)`,
);
line("baseline: one configuration's slots (mean of the mix)", oneConfiguration);
line(`slots of all ${configurations.length} configurations, no conflicts`, allSlots);
line('computeScheduleOverview (slots, rows and conflicts)', overview);
console.log(
  `  answer: ${answer.plugins.length} plugins, ${answer.conflicts.length} conflicts ` +
    `(overlap ${conflictCount('overlap')}, cooldown ${conflictCount('cooldown')}, ` +
    `max-event-duration ${conflictCount('max-event-duration')}, never-active ${conflictCount('never-active')})`,
);
