// The change requests' declarations the shell needs (the Security menu's count, the branch banner, "Propose
// this change"), in a chunk of their own loaded on first use (see shell.api.ts).
export { changeRequestEndpoints } from '@console/domain/endpoints';
