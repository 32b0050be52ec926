import { defineEndpoints } from '../api/endpoint.ts';
import { playerProgressionSchema, setProgressionRequestSchema } from '../operations/progression.ts';

export const progressionEndpoints = defineEndpoints('progression', {
  set: {
    path: '/api/player/progression',
    access: 'change',
    summary: "Set a player's level, EoC level and streak in the environment; answers what was stored",
    body: setProgressionRequestSchema,
    response: playerProgressionSchema,
  },
});
