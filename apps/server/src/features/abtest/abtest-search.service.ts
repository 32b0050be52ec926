import type { AbTest } from '@console/domain/abtest';
import { type SearchPage, toSearchPage } from '@console/domain/api';
import type { AbTestPickerItem, AbTestPickerRequest, AbTestSearchRequest } from '@console/domain/search';
import type { Db } from '../../db/client.ts';
import { searchAbTestPage, searchAbTestPicker } from './abtest-search.store.ts';

/** /api/abtest/search: the page's A/B-tests with their versions and usage, and the total, in one query. */
export async function searchAbTests(
  db: Db,
  environmentId: string,
  request: AbTestSearchRequest,
): Promise<SearchPage<AbTest>> {
  const { rows, total } = await searchAbTestPage(db, environmentId, request);
  return toSearchPage(
    rows,
    request,
    total,
    (row) => ({ value: row.sortValue, key: row.test.id }),
    (row) => row.test,
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
