import type { AbTest } from '@console/domain/abtest';
import { type SearchPage, toSearchPage } from '@console/domain/api';
import type { AbTestPickerItem, AbTestPickerRequest, AbTestSearchRequest } from '@console/domain/search';
import type { EnvironmentContext } from '../../context.ts';
import { searchAbTestPage, searchAbTestPicker } from './abtest-search.store.ts';

/** /api/abtest/search: the page's A/B-tests with their versions and usage, and the total, in one query. */
export async function searchAbTests(
  ctx: EnvironmentContext,
  request: AbTestSearchRequest,
): Promise<SearchPage<AbTest>> {
  const { rows, total } = await searchAbTestPage(ctx.db, ctx.environmentId, request);
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
  ctx: EnvironmentContext,
  request: AbTestPickerRequest,
): Promise<SearchPage<AbTestPickerItem>> {
  const { rows, total } = await searchAbTestPicker(ctx.db, ctx.environmentId, request);
  return toSearchPage(
    rows,
    request,
    total,
    (row) => ({ value: row.id, key: row.id }),
    (row) => row,
  );
}
