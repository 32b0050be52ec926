// What other features read of the audit log: the entries a runtime revision names and those waiting
// for a resume (runtime), the changes of a plugin's active set a stale draft is told of (plugin), and
// the copies the "Update is not allowed" flow made (the configuration list's replacedBy).
// Entries are written only by the unit of work (db/unit-of-work.ts).

export {
  type ActiveSetAuditRow,
  type AuditCause,
  countAuditEntriesAfter,
  findAuditCauses,
  findReassignCopies,
  listActiveSetChanges,
  listAuditIdsAfter,
} from './audit.store.ts';
