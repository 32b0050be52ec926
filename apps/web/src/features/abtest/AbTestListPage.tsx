import { api } from '@console/domain/endpoints';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Page } from '../../components/Page.tsx';
import { QueryContent } from '../../components/QueryContent.tsx';
import { booleanChoice, choiceBoolean, FilterSelect } from '../../components/search/FilterSelect.tsx';
import { SearchField } from '../../components/search/SearchField.tsx';
import { SearchPager } from '../../components/search/SearchPager.tsx';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { AbTestTable } from './AbTestTable.tsx';
import { AB_TEST_TYPE_OPTIONS } from './abtest.labels.ts';
import { CreateAbTestDialog } from './CreateAbTestDialog.tsx';
import { useAbTestSearch } from './useAbTestSearch.ts';

const STATE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];
const IN_USE_OPTIONS = [
  { value: 'true', label: 'In use' },
  { value: 'false', label: 'Not in use' },
];
const TYPE_OPTIONS = AB_TEST_TYPE_OPTIONS.map(({ type, label }) => ({ value: String(type), label }));

/** /abtest: the A/B-tests of the active environment, searched, filtered, sorted and paged by the server. */
export function AbTestListPage() {
  const list = useAbTestSearch();
  const banner = useErrorBanner();
  useReportQueryError(banner, list.query.error);
  const [isCreateOpen, setCreateOpen] = useState(false);
  const { view, filters } = list;

  return (
    <Page
      title="AB-test"
      actions={
        <NeedsRight endpoint={api.abtest.create}>
          <Button variant="contained" onClick={() => setCreateOpen(true)}>
            Create AB-test
          </Button>
        </NeedsRight>
      }
    >
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
        <SearchField label="Search AB-tests" value={view.q} onSearch={list.search} />
        <FilterSelect
          label="State"
          value={booleanChoice(filters.active)}
          options={STATE_OPTIONS}
          onChange={(value) => list.filterBy({ active: choiceBoolean(value) })}
        />
        <FilterSelect
          label="Type"
          value={filters.type === undefined ? '' : String(filters.type)}
          options={TYPE_OPTIONS}
          onChange={(value) =>
            list.filterBy({ type: value === '' ? undefined : (Number(value) as typeof filters.type) })
          }
        />
        <FilterSelect
          label="In use"
          value={booleanChoice(filters.inUse)}
          options={IN_USE_OPTIONS}
          onChange={(value) => list.filterBy({ inUse: choiceBoolean(value) })}
        />
      </Stack>
      <QueryContent query={list.query} what="AB-tests">
        {(page) => (
          <>
            <AbTestTable
              abTests={page.items}
              sort={{ sort: view.sort, direction: view.direction, onSort: list.sortBy }}
            />
            <SearchPager
              what="AB-tests"
              pageIndex={view.pages.length}
              limit={list.limit}
              shown={page.items.length}
              total={page.total}
              isTotalCapped={page.isTotalCapped}
              hasNext={page.nextCursor !== null}
              isLoading={list.isStale}
              onPrevious={list.previous}
              onNext={list.next}
            />
          </>
        )}
      </QueryContent>
      <CreateAbTestDialog open={isCreateOpen} onClose={() => setCreateOpen(false)} />
    </Page>
  );
}
