import type { AbTest } from '@console/domain/abtest';
import { type SearchPage, toSearchPage } from '@console/domain/api';
import type { AbTestPickerItem, AbTestPickerRequest, AbTestSearchRequest } from '@console/domain/search';
import type { Db } from '../../db/client.ts';
import { listAbTests } from './abtest.store.ts';
import { searchAbTestIds, searchAbTestPicker } from './abtest-search.store.ts';

/** /api/abtest/search: the page's ids first, then only those A/B-tests with their versions and usage. */
export async function searchAbTests(
  db: Db,
  environmentId: string,
  request: AbTestSearchRequest,
): Promise<SearchPage<AbTest>> {
  const { rows, total } = await searchAbTestIds(db, environmentId, request);
  const shownIds = rows.slice(0, request.limit).map((row) => row.id);
  const tests = shownIds.length === 0 ? [] : await listAbTests(db, environmentId, { onlyIds: shownIds });
  const byId = new Map(tests.map((test) => [test.id, test]));
  return toSearchPage(
    rows,
    request,
    total,
    (row) => ({ value: row.sortValue, key: row.id }),
    (row) => byId.get(row.id),
  );
}

/** /api/abtest/search/picker: id, active, version and description, by id. */
export async function searchAbTestPickerPage(
  db: Db,
  environmentId: string,
  request: AbTestPickerRequest,
): Promise<SearchPage<AbTestPickerItem>> {
  const { rows, total } = await searchAbTestPicker(db, environmentId, request);
  return toSearchPage(
    rows,
    request,
    total,
    (row) => ({ value: row.id, key: row.id }),
    (row) => row,
  );
}
