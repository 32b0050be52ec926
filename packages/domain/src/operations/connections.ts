import { z } from 'zod';

// spec §2 Client Connections: ID, Principal, Remote Address; an empty list shows this text.
export const NO_CONNECTIONS_TEXT = 'No connections';

export const connectionSchema = z.object({
  id: z.string(),
  principal: z.string(),
  address: z.string(),
});
export type Connection = z.infer<typeof connectionSchema>;
export const connectionListResponseSchema = z.array(connectionSchema);

export const closeConnectionRequestSchema = z.object({
  id: z
    .string({ error: 'id must be a text' })
    .min(1, { error: 'id must not be empty' })
    .max(200, { error: 'id must be at most 200 characters' }),
});
export type CloseConnectionRequest = z.infer<typeof closeConnectionRequestSchema>;
