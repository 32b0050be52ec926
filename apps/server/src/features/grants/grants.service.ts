// Game servers' side of compensation and progression (/runtime/v1/grants/*, /progression/get): the
// compensation and progression features answer them. Not operator mutations: a pickup is recorded on
// the grant itself (`collected`), not in the audit log (docs/decisions/0118).

export { collectGrants, listPendingGrants } from '../compensation/compensation.service.ts';
export { readProgression } from '../progression/progression.service.ts';
