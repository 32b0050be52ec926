import type { ChangeRequestEventKind, ChangeRequestStatus } from '@console/domain/change-request';
import type { TransferItem } from '@console/domain/operations';
import type { Db, Tx } from '../../db/client.ts';

// A change request, its approvals and its history (prisma/schema.prisma, ChangeRequest*).

export type ItemsByGroup = Record<string, TransferItem[]>;

export interface ChangeRequestRow {
  id: number;
  environmentId: string;
  branchId: string;
  title: string;
  description: string;
  author: string;
  status: ChangeRequestStatus;
  created: Date;
  updated: Date;
  applyOnApproval: boolean;
  scheduledAt: Date | null;
  scheduledBy: string | null;
  failure: string | null;
  approvals: { email: string; at: Date }[];
}

const SUMMARY = {
  id: true,
  environmentId: true,
  branchId: true,
  title: true,
  description: true,
  author: true,
  status: true,
  created: true,
  updated: true,
  applyOnApproval: true,
  scheduledAt: true,
  scheduledBy: true,
  failure: true,
  approvals: { select: { email: true, at: true }, orderBy: { at: 'asc' } },
} as const;

const rowOf = (row: Omit<ChangeRequestRow, 'status'> & { status: string }): ChangeRequestRow => ({
  ...row,
  status: row.status as ChangeRequestStatus,
});

/** The next request number, taken before its branch is named after it. */
export async function nextChangeRequestId(tx: Tx): Promise<number> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT nextval(pg_get_serial_sequence('change_request', 'id'))::int AS id`;
  return rows[0]!.id;
}

export async function insertChangeRequest(
  tx: Tx,
  data: {
    id: number;
    environmentId: string;
    branchId: string;
    title: string;
    description: string;
    author: string;
    base: ItemsByGroup;
  },
): Promise<void> {
  await tx.changeRequest.create({ data: { ...data, base: data.base as object } });
}

export async function findChangeRequest(db: Db | Tx, id: number): Promise<ChangeRequestRow | null> {
  const row = await db.changeRequest.findUnique({ where: { id }, select: SUMMARY });
  return row === null ? null : rowOf(row);
}

/** The request, its row locked FOR UPDATE until the transaction ends: one change of it at a time. */
export async function lockChangeRequest(tx: Tx, id: number): Promise<ChangeRequestRow | null> {
  const locked = await tx.$queryRaw<
    { id: number }[]
  >`SELECT id FROM change_request WHERE id = ${id} FOR UPDATE`;
  if (locked.length === 0) return null;
  return findChangeRequest(tx, id);
}

/** The request whose branch this is, its row locked FOR UPDATE; null when the id is no branch's. */
export async function lockChangeRequestOfBranch(tx: Tx, branchId: string): Promise<ChangeRequestRow | null> {
  const locked = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM change_request WHERE branch_id = ${branchId} FOR UPDATE`;
  const id = locked[0]?.id;
  return id === undefined ? null : findChangeRequest(tx, id);
}

export async function findBase(db: Db | Tx, id: number): Promise<ItemsByGroup> {
  const row = await db.changeRequest.findUniqueOrThrow({ where: { id }, select: { base: true } });
  return row.base as unknown as ItemsByGroup;
}

export async function updateBase(tx: Tx, id: number, base: ItemsByGroup): Promise<void> {
  await tx.changeRequest.update({ where: { id }, data: { base: base as object, updated: new Date() } });
}

/** The author's newest draft in an environment, if any. */
export async function findDraftOf(tx: Tx, environmentId: string, author: string): Promise<number | null> {
  const row = await tx.changeRequest.findFirst({
    where: { environmentId, author, status: 'draft' },
    select: { id: true },
    orderBy: { id: 'desc' },
  });
  return row?.id ?? null;
}

export async function updateChangeRequest(
  tx: Tx,
  id: number,
  data: Partial<{
    title: string;
    description: string;
    status: ChangeRequestStatus;
    applyOnApproval: boolean;
    scheduledAt: Date | null;
    scheduledBy: string | null;
    failure: string | null;
  }>,
): Promise<void> {
  await tx.changeRequest.update({ where: { id }, data: { ...data, updated: new Date() } });
}

export async function insertEvent(
  tx: Tx,
  id: number,
  event: { kind: ChangeRequestEventKind; email: string; status?: ChangeRequestStatus; text?: string },
): Promise<void> {
  await tx.changeRequestEvent.create({
    data: {
      changeRequestId: id,
      kind: event.kind,
      email: event.email,
      status: event.status ?? null,
      text: event.text ?? '',
    },
  });
}

export async function listEvents(db: Db | Tx, id: number) {
  return db.changeRequestEvent.findMany({
    where: { changeRequestId: id },
    select: { id: true, kind: true, email: true, at: true, status: true, text: true },
    orderBy: { id: 'asc' },
  });
}

/** Adds an approval; false when this approver had approved already. */
export async function insertApproval(tx: Tx, id: number, email: string): Promise<boolean> {
  const { count } = await tx.changeRequestApproval.createMany({
    data: [{ changeRequestId: id, email }],
    skipDuplicates: true,
  });
  return count === 1;
}

/** Takes every approval back; answers how many there were. */
export async function deleteApprovals(tx: Tx, id: number): Promise<number> {
  const { count } = await tx.changeRequestApproval.deleteMany({ where: { changeRequestId: id } });
  return count;
}

export async function listChangeRequestRows(
  db: Db,
  filter: {
    environmentId?: string;
    statuses?: readonly ChangeRequestStatus[];
    author?: string;
    before?: number;
    limit: number;
  },
): Promise<ChangeRequestRow[]> {
  const rows = await db.changeRequest.findMany({
    where: {
      ...(filter.environmentId === undefined ? {} : { environmentId: filter.environmentId }),
      ...(filter.statuses === undefined ? {} : { status: { in: [...filter.statuses] } }),
      ...(filter.author === undefined ? {} : { author: filter.author }),
      ...(filter.before === undefined ? {} : { id: { lt: filter.before } }),
    },
    select: SUMMARY,
    orderBy: { id: 'desc' },
    take: filter.limit,
  });
  return rows.map(rowOf);
}
