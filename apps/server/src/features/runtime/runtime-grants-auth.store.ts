import type { Db } from '../../db/client.ts';

/** The usable (not revoked) runtime key with this hash, of whichever environment it belongs to. */
export async function findUsableRuntimeKeyOfAnyEnvironment(db: Db, hash: string) {
  return db.runtimeKey.findFirst({
    where: { hash, revoked: null },
    select: { id: true, environmentId: true },
  });
}
