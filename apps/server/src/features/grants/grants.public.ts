// What the game servers' delivery registers of grants: their calls.
export { registerGrantsCalls } from './grants.routes.ts';
