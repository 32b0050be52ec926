import { PluginId, WorldEventActivationType as T } from '@console/domain/enums';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  activeAbTest,
  addEntry,
  type ConfigClient,
  configClient,
  setPluginActive,
} from '../config/config.test-data.ts';

// /api/plugin/schedules over HTTP on a seeded environment: configurations created through
// /api/config/{kind}/create, plugin entries written through the plugin store.

const H = 3_600;
const AT = Date.parse('2024-03-10T10:30Z');
const GRID_START = Date.parse('2024-03-09T00:00Z');
const SLOT_MS = 3 * H * 1000;
const PATH = '/api/plugin/schedules';

/** The 120 default slots with these slots of every day (0 = 00:00-03:00 ... 7 = 21:00-24:00) true. */
const everyDay = (...daySlots: number[]) =>
  Array.from({ length: 120 }, (_, slot) => daySlots.includes(slot % 8));
const indexesOf = (schedule: boolean[]) => schedule.flatMap((isRunning, slot) => (isRunning ? [slot] : []));

describe(PATH, () => {
  let t: TestApp;
  let c: ConfigClient;
  let cookie: string;
  const daily = (offsetHours: number, hours: number) => ({
    type: T.Daily,
    scheduleOffset: offsetHours * H,
    maxEventDuration: hours * H,
  });

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('schedule@example.com');
    c = configClient(t, cookie);
    await c.create('ar', 'half', { active: true, activation: daily(0, 12) }); // 00:00-12:00
    await c.create('ar', 'midday', { active: true, activation: daily(10, 6) }); // 10:00-16:00
    await c.create('ar', 'morning', { active: true, activation: daily(6, 3) }); // 06:00-09:00
    await c.create('ar', 'off', { active: false, activation: daily(21, 3) }); // 21:00-24:00, switched off
    await c.create('ar', 'later', {
      active: true,
      activation: { type: T.OneShot, start: Date.parse('2024-03-12T10:00Z'), maxEventDuration: H },
    });
    const abTestId = await activeAbTest(c);
    await setPluginActive(t, 'AGILITY_RACE', true);
    await addEntry(t, {
      plugin: 'AGILITY_RACE',
      set: 'active',
      abTestId,
      position: 0,
      configurations: ['half', 'morning'],
    });
    await addEntry(t, {
      plugin: 'AGILITY_RACE',
      set: 'active',
      abTestId,
      position: 1,
      configurations: ['midday', 'off'],
    });
    await addEntry(t, {
      plugin: 'AGILITY_RACE',
      set: 'draft',
      abTestId,
      position: 0,
      configurations: ['', 'later'],
    });
    await addEntry(t, {
      plugin: 'END_OF_CONTENT',
      set: 'active',
      abTestId,
      position: 0,
      configurations: ['ghost'],
    });
  });

  const overviewOf = async (body: unknown, environment = 'dev') => {
    const response = await t.post(`${PATH}?configuration=${environment}`, body, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().payload;
  };

  it("answers the default grid and each plugin's active-set configurations with their slots", async () => {
    const answer = await overviewOf({ at: AT });
    expect(answer).toMatchObject({
      now: AT,
      slotsPerDay: 8,
      daysBack: 1,
      daysForward: 14,
      includeDraft: false,
      slotDurationMs: SLOT_MS,
      rangeEnd: Date.parse('2024-03-24T00:00Z'),
      plugins: [
        { id: PluginId.END_OF_CONTENT, name: 'END_OF_CONTENT', active: false },
        { id: PluginId.AGILITY_RACE, name: 'AGILITY_RACE', active: true },
      ],
    });
    expect(answer.slotTimestamp).toEqual(
      Array.from({ length: 120 }, (_, slot) => GRID_START + slot * SLOT_MS),
    );
    const row = (configuration: string, schedule: boolean[], cases: number[], active = true) => ({
      configuration,
      schedule,
      description: `about ${configuration}`,
      kind: 'ar',
      kindPluginName: 'AGILITY_RACE',
      found: true,
      active,
      sets: ['active'],
      cases,
    });
    expect(answer.schedules).toEqual({
      END_OF_CONTENT: [
        {
          configuration: 'ghost',
          schedule: Array(120).fill(false),
          description: '',
          kind: null,
          kindPluginName: null,
          found: false,
          active: false,
          sets: ['active'],
          cases: [0],
        },
      ],
      AGILITY_RACE: [
        row('half', everyDay(0, 1, 2, 3), [0]),
        row('morning', everyDay(2), [1]),
        row('midday', everyDay(3, 4, 5), [0]),
        row('off', everyDay(7), [1], false),
      ],
    });
  });

  it('lists the conflicts with their slots and what to fix', async () => {
    const { conflicts } = await overviewOf({ at: AT });
    expect(
      conflicts.map((conflict: { kind: string; configurations: string[] }) => [
        conflict.kind,
        conflict.configurations,
      ]),
    ).toEqual([
      ['never-active', ['ghost']],
      ['never-active', ['off']],
      ['overlap', ['half', 'midday']],
    ]);
    expect(conflicts[0]).toMatchObject({
      pluginName: 'END_OF_CONTENT',
      set: 'active',
      slots: indexesOf(Array(120).fill(true)),
      fix: { target: 'plugin', pluginId: PluginId.END_OF_CONTENT },
    });
    expect(conflicts[1]).toMatchObject({
      pluginName: 'AGILITY_RACE',
      slots: indexesOf(everyDay(7)),
      message:
        "'off', used by AGILITY_RACE (active set, Case 2), is switched off, so players get nothing from it: switch it on",
      fix: { target: 'configuration', configuration: 'off', kindPluginName: 'AGILITY_RACE' },
    });
    expect(conflicts[2]).toMatchObject({
      pluginId: PluginId.AGILITY_RACE,
      set: 'active',
      cases: [0],
      slots: indexesOf(everyDay(3)),
      message: expect.stringContaining('first from 2024-03-09 10:00 to 2024-03-09 12:00 UTC'),
    });
  });

  it('adds the draft on request', async () => {
    const answer = await overviewOf({ at: AT, includeDraft: true });
    const race = answer.schedules.AGILITY_RACE as {
      configuration: string;
      sets: string[];
      schedule: boolean[];
    }[];
    expect(race.map((row) => [row.configuration, row.sets])).toEqual([
      ['half', ['active']],
      ['morning', ['active']],
      ['midday', ['active']],
      ['off', ['active']],
      ['later', ['draft']],
    ]);
    // 2024-03-12 is day 3 of the grid; 10:00-11:00 lies in its slot 3
    expect(indexesOf(race[4]!.schedule)).toEqual([3 * 8 + 3]);
  });

  it('takes the slot size and range from the body, and the current time when `at` is omitted', async () => {
    const answer = await overviewOf({ at: AT, slotsPerDay: 24, daysBack: 0, daysForward: 2 });
    expect(answer.slotTimestamp).toHaveLength(48);
    expect(answer.slotTimestamp[0]).toBe(Date.parse('2024-03-10T00:00Z'));
    const morning = answer.schedules.AGILITY_RACE.find(
      (row: { configuration: string }) => row.configuration === 'morning',
    );
    expect(indexesOf(morning.schedule)).toEqual([6, 7, 8, 30, 31, 32]);

    const before = Date.now();
    const current = await overviewOf(undefined);
    expect(current.now).toBeGreaterThanOrEqual(before);
    expect(current.now).toBeLessThanOrEqual(Date.now());
    expect(current.slotTimestamp).toHaveLength(120);
  });

  it('answers only the environment asked for', async () => {
    const answer = await overviewOf({ at: AT }, 'stable');
    expect(answer).toMatchObject({ plugins: [], schedules: {}, conflicts: [] });
    expect(answer.slotTimestamp).toHaveLength(120);
  });

  it('refuses a slot size or range out of bounds with 400 naming the field', async () => {
    const refusal = async (body: unknown) => {
      const response = await t.post(PATH, body, cookie);
      expect(response.statusCode).toBe(400);
      return response.json().error;
    };
    expect(await refusal({ slotsPerDay: 5 })).toContain(
      'Slots per day must be one of 1, 2, 3, 4, 6, 8, 12, 24',
    );
    expect(await refusal({ daysForward: 40 })).toContain('Days forward must be at most 28');
    expect(await refusal({ daysBack: -1 })).toContain('Days back must be at least 0');
  });
});
