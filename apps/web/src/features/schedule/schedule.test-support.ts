import { type ActivationTiming, defaultActivationSettings } from '@console/domain/config';
import { PluginId, WorldEventActivationType as T } from '@console/domain/enums';
import {
  computeScheduleOverview,
  type ScheduleConfiguration,
  type SchedulePluginInput,
  scheduleOverviewRequestSchema,
} from '@console/domain/schedule';
import { fakeApi, type Handler, ok, signedInAs } from '../../test/fakeApi.ts';

// A fake /api/plugin/schedules that answers what the server would: the domain's own computation of the
// overview for the plugins and configurations below, at a fixed instant.

const H = 3_600;
/** Sunday 2024-03-10 10:30 UTC: with the defaults, slot 11 (09:00-12:00 that day) holds it. */
export const NOW = Date.parse('2024-03-10T10:30Z');

const daily = (offsetHours: number, hours: number): Partial<ActivationTiming> => ({
  type: T.Daily,
  scheduleOffset: offsetHours * H,
  maxEventDuration: hours * H,
});

function config(id: string, activation: Partial<ActivationTiming>, active = true): ScheduleConfiguration {
  return {
    id,
    kind: 'ar',
    description: `About ${id}`,
    active,
    activation: { ...defaultActivationSettings(), ...activation },
  };
}

export const CONFIGURATIONS: ScheduleConfiguration[] = [
  config('half', daily(0, 12)), // 00:00-12:00: slots 0-3 of every day
  config('morning', daily(6, 3)), // 06:00-09:00: slot 2
  config('midday', daily(10, 6)), // 10:00-16:00: slots 3-5, overlapping 'half' for case 0
  config('off', daily(21, 3), false), // 21:00-24:00 (slot 7), switched off
  config('later', { type: T.OneShot, start: Date.parse('2024-03-12T10:00Z'), maxEventDuration: H }),
];

export const PLUGINS: SchedulePluginInput[] = [
  {
    id: PluginId.AGILITY_RACE,
    active: true,
    entries: [
      { set: 'active', position: 0, configurations: ['half', 'morning'] },
      { set: 'active', position: 1, configurations: ['midday', 'off'] },
      { set: 'draft', position: 0, configurations: ['', 'later'] },
    ],
  },
  {
    id: PluginId.END_OF_CONTENT,
    active: false,
    entries: [{ set: 'active', position: 0, configurations: ['ghost'] }],
  },
];

export const overviewAnswer: Handler = ({ body }) =>
  ok(
    computeScheduleOverview(
      {
        settings: scheduleOverviewRequestSchema.parse(body),
        plugins: PLUGINS,
        configurations: CONFIGURATIONS,
      },
      NOW,
    ),
  );

/** The shell's calls and the overview (or `overview` instead). */
export const fakeScheduleServer = (overview: Handler = overviewAnswer) =>
  fakeApi({
    '/api/auth/me': () => signedInAs(),
    '/api/configuration/list': () => ok(['dev', 'stable']),
    '/api/plugin/schedules': overview,
  });
