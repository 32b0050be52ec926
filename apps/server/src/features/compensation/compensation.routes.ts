import {
  CONSUMABLE_NAMES,
  compensationListResponseSchema,
  listCompensationConsumables,
  sendConsumableRequestSchema,
} from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { postRoute } from '../../http/route.ts';
import { sendConsumable } from './compensation.service.ts';

const compensationGrantSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  item: z.enum(CONSUMABLE_NAMES),
  amount: z.number().int(),
  created: z.number().int().describe('UTC milliseconds'),
});

export async function compensationRoutes(app: FastifyInstance) {
  const tags = ['compensation'];
  postRoute(app, {
    url: '/api/compensation/list',
    summary: 'Consumables that can be sent, with their default amounts',
    tags,
    response: compensationListResponseSchema,
    handler: () => listCompensationConsumables(),
  });

  postRoute(app, {
    url: '/api/compensation/send/consumable',
    summary: 'Send a consumable to a player; kept until the game server collects it',
    tags,
    body: sendConsumableRequestSchema,
    response: compensationGrantSchema,
    handler: ({ db, environmentId, body, email }) => sendConsumable(db, environmentId, body, email),
  });
}
