import { z } from 'zod';
import { type FieldLabels, integerField, USER_ID_LABEL, userIdSchema } from './fields.ts';

// Level at least 1, EoC Level at least 0, Streak 0 to 4.
export const PROGRESSION_LEVEL_MIN = 1;
export const PROGRESSION_EOC_MIN = 0;
export const PROGRESSION_STREAK_MIN = 0;
export const PROGRESSION_STREAK_MAX = 4;

export const setProgressionRequestSchema = z.object({
  userId: userIdSchema,
  level: integerField('level', PROGRESSION_LEVEL_MIN),
  eoc: integerField('eoc', PROGRESSION_EOC_MIN),
  streak: integerField('streak', PROGRESSION_STREAK_MIN, PROGRESSION_STREAK_MAX),
});
export type SetProgressionRequest = z.infer<typeof setProgressionRequestSchema>;
// User Admin: the form's fields.
export const SET_PROGRESSION_LABELS: FieldLabels<SetProgressionRequest> = {
  userId: USER_ID_LABEL,
  level: 'Level',
  eoc: 'EoC Level',
  streak: 'Streak',
};

// The server response is displayed raw in a box: the stored progression.
export const playerProgressionSchema = z.object({
  userId: z.string(),
  level: z.number().int(),
  eoc: z.number().int(),
  streak: z.number().int(),
  modified: z.number().int().describe('UTC milliseconds'),
});
export type PlayerProgression = z.infer<typeof playerProgressionSchema>;
