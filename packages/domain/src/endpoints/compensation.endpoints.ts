import { defineEndpoints } from '../api/endpoint.ts';
import {
  compensationGrantSchema,
  compensationListResponseSchema,
  sendConsumableRequestSchema,
} from '../operations/compensation.ts';

export const compensationEndpoints = defineEndpoints('compensation', {
  list: {
    path: '/api/compensation/list',
    access: 'read',
    summary: 'Consumables that can be sent, with their default amounts',
    response: compensationListResponseSchema,
  },
  sendConsumable: {
    path: '/api/compensation/send/consumable',
    access: 'change',
    summary: 'Send a consumable to a player; kept until the game server collects it',
    body: sendConsumableRequestSchema,
    response: compensationGrantSchema,
  },
});
