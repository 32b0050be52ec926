// What other features read of the audit log: the entries a runtime revision names and those waiting
// for a resume (runtime), and the changes of a plugin's active set a stale draft is told of (plugin).
// Entries are written only by the unit of work (db/unit-of-work.ts).

export {
  type ActiveSetAuditRow,
  type AuditCause,
  countAuditEntriesAfter,
  findAuditCauses,
  listActiveSetChanges,
  listAuditIdsAfter,
} from './audit.store.ts';
