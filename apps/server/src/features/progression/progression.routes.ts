import { setProgressionRequestSchema } from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { postRoute } from '../../http/route.ts';
import { setPlayerProgression } from './progression.service.ts';

// spec §2: the screen shows this answer raw.
const playerProgressionSchema = z.object({
  userId: z.string(),
  level: z.number().int(),
  eoc: z.number().int(),
  streak: z.number().int(),
  modified: z.number().int().describe('UTC milliseconds'),
});

export async function progressionRoutes(app: FastifyInstance) {
  postRoute(app, {
    url: '/api/player/progression',
    summary: "Set a player's level, EoC level and streak in the environment",
    tags: ['player'],
    body: setProgressionRequestSchema,
    response: playerProgressionSchema,
    handler: ({ db, environmentId, body, email }) => setPlayerProgression(db, environmentId, body, email),
  });
}
