// The declarations of the shell's own calls, in a chunk of their own: loaded by shell.endpoints.ts on
// first use, so zod and their schemas are not part of the first load.
export { authEndpoints, environmentEndpoints } from '@console/domain/endpoints';
