import type { Db, Tx } from '../../db/client.ts';

export async function findNiceToken(db: Db | Tx, environmentId: string): Promise<string> {
  const row = await db.niceConfig.findUnique({ where: { environmentId }, select: { authToken: true } });
  return row?.authToken ?? '';
}

/** Stores the token and answers the one it replaced, read under a row lock so concurrent saves queue up. */
export async function replaceNiceToken(
  tx: Tx,
  environmentId: string,
  authToken: string,
  email: string,
): Promise<string> {
  await tx.niceConfig.createMany({ data: [{ environmentId }], skipDuplicates: true });
  const [previous] = await tx.$queryRaw<{ auth_token: string }[]>`
    SELECT "auth_token" FROM "nice_config" WHERE "environment_id" = ${environmentId} FOR UPDATE`;
  await tx.niceConfig.update({
    where: { environmentId },
    data: { authToken, modified: new Date(), lastModifier: email },
  });
  return previous?.auth_token ?? '';
}
