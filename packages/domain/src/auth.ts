import { z } from 'zod';

export const devLoginRequestSchema = z.object({ email: z.email() });
export const operatorSchema = z.object({ email: z.string() });
export type Operator = z.infer<typeof operatorSchema>;
export const authOptionsSchema = z.object({ devLogin: z.boolean(), google: z.boolean() });
export type AuthOptions = z.infer<typeof authOptionsSchema>;
