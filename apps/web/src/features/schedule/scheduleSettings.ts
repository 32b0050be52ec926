import {
  DEFAULT_DAYS_BACK,
  DEFAULT_DAYS_FORWARD,
  DEFAULT_SLOTS_PER_DAY,
  MAX_DAYS_BACK,
  MAX_DAYS_FORWARD,
  SLOTS_PER_DAY_CHOICES,
  scheduleOverviewRequestSchema,
} from '@console/domain/schedule';

// The range and slot size of /plugin/overview, kept in the URL (?slotsPerDay=4&daysBack=2&daysForward=7
// &includeDraft=1) so a view can be shared and survives the shell's remount on an environment switch.
// Bounds are the domain schema's, the one the server parses the body with.

export interface ScheduleSettings {
  slotsPerDay: number;
  daysBack: number;
  daysForward: number;
  includeDraft: boolean;
}

type NumberSetting = 'slotsPerDay' | 'daysBack' | 'daysForward';

// 8 slots per day, 1 day backward, 14 days forward.
export const DEFAULT_SCHEDULE_SETTINGS: ScheduleSettings = {
  slotsPerDay: DEFAULT_SLOTS_PER_DAY,
  daysBack: DEFAULT_DAYS_BACK,
  daysForward: DEFAULT_DAYS_FORWARD,
  includeDraft: false,
};

const isAccepted = (setting: NumberSetting, value: number) =>
  scheduleOverviewRequestSchema.safeParse({ [setting]: value }).success;

const upTo = (max: number) => Array.from({ length: max + 1 }, (_, value) => value);

/** The values each number setting may take, as the server accepts them. */
export const SETTING_CHOICES: Record<NumberSetting, readonly number[]> = {
  slotsPerDay: SLOTS_PER_DAY_CHOICES,
  daysBack: upTo(MAX_DAYS_BACK).filter((value) => isAccepted('daysBack', value)),
  daysForward: upTo(MAX_DAYS_FORWARD).filter((value) => isAccepted('daysForward', value)),
};

const NUMBER_SETTINGS: readonly NumberSetting[] = ['slotsPerDay', 'daysBack', 'daysForward'];

/** Reads the settings from the URL; a missing or refused value is the default. */
export function readScheduleSettings(params: URLSearchParams): ScheduleSettings {
  const settings = { ...DEFAULT_SCHEDULE_SETTINGS };
  for (const setting of NUMBER_SETTINGS) {
    const text = params.get(setting);
    const value = text ? Number(text) : Number.NaN;
    if (SETTING_CHOICES[setting].includes(value)) settings[setting] = value;
  }
  settings.includeDraft = params.get('includeDraft') === '1';
  return settings;
}

/** Writes the settings into `params` (other parameters kept); defaults are left out. */
export function writeScheduleSettings(params: URLSearchParams, settings: ScheduleSettings): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const setting of NUMBER_SETTINGS) {
    if (settings[setting] === DEFAULT_SCHEDULE_SETTINGS[setting]) next.delete(setting);
    else next.set(setting, String(settings[setting]));
  }
  if (settings.includeDraft) next.set('includeDraft', '1');
  else next.delete('includeDraft');
  return next;
}
