// The answer schemas of the shell's own calls. Loaded on demand (shellSchemas), so zod and these schemas
// are fetched alongside the first requests instead of being part of the first load.
export { environmentListSchema, environmentSchema, operatorSchema } from '@console/domain';
