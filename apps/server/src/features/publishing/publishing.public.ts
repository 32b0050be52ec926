// What the rest of the server uses of publishing: the revision tables' reads and the content built for a
// revision (delivery, revisions, webhooks, change requests).
export { consumeRuntimeChanges } from './changes.store.ts';
export {
  listRevisionManifestsAfter,
  type ManifestList,
  type RevisionManifest,
  type RevisionManifestRow,
  RUNTIME_PART_LISTS,
  readParts,
  type StoredPart,
} from './part-read.store.ts';
export {
  findLatestRevision,
  findOldestRevision,
  findRevisionRow,
  findRuntimePin,
  listRevisionRows,
  lockRuntimeState,
  type RuntimePinRow,
  writeRuntimePin,
} from './revision.store.ts';
export { parseRevisionNotification, RUNTIME_REVISION_CHANNEL } from './revision-notification.ts';
export {
  findLatestRevisionNumbers,
  listStoredRevisionsAfter,
  type StoredRevision,
} from './revision-read.store.ts';
