import { CONFIG_KINDS, type ConfigKindId, configKindOf } from '@console/domain/config';
import { api } from '@console/domain/endpoints';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '../../components/Page.tsx';
import { QueryContent } from '../../components/QueryContent.tsx';
import { booleanChoice, choiceBoolean, FilterSelect } from '../../components/search/FilterSelect.tsx';
import { SearchField } from '../../components/search/SearchField.tsx';
import { SearchPager } from '../../components/search/SearchPager.tsx';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { ConfigMessageDialog, useConfigMessageDialog } from './ConfigMessageDialog.tsx';
import { ConfigTable } from './ConfigTable.tsx';
import { ConfigTypeSelect } from './ConfigTypeSelect.tsx';
import { ConfigWarnings } from './ConfigWarnings.tsx';
import { useConfigWarningsQuery } from './config.queries.ts';
import { configCreatePath } from './configLabels.ts';
import { useConfigListActions } from './useConfigListActions.ts';
import { useConfigSearch } from './useConfigSearch.ts';

const STATE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];
const IN_USE_OPTIONS = [
  { value: 'true', label: 'In use' },
  { value: 'false', label: 'Not in use' },
];
const TYPE_OPTIONS = CONFIG_KINDS.map((kind) => ({ value: kind.id, label: kind.label }));

/**
 * /config: the type dropdown with Create, the warnings box and the configurations, searched, filtered,
 * sorted and paged by the server.
 */
export function ConfigListPage() {
  const search = useConfigSearch();
  // The warnings weigh every configuration of a kind together: the server works them out (the screen
  // never reads the whole list), asked once the first page shows, so the rows do not wait for them.
  const warnings = useConfigWarningsQuery({ enabled: search.page !== undefined });
  const banner = useErrorBanner();
  useReportQueryError(banner, search.query.error);
  useReportQueryError(banner, warnings.error);
  const { view, filters } = search;
  const navigate = useNavigate();
  const [kind, setKind] = useState<ConfigKindId | ''>('');
  const dialog = useConfigMessageDialog();
  const actions = useConfigListActions(dialog);

  return (
    <Page
      title="Configuration"
      actions={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ConfigTypeSelect value={kind} onChange={setKind} />
          <NeedsRight endpoint={api.config.kinds[kind === '' ? 'ar' : kind].create}>
            <Button
              variant="contained"
              disabled={kind === ''}
              onClick={() => kind !== '' && navigate(configCreatePath(configKindOf(kind).pluginName))}
            >
              Create
            </Button>
          </NeedsRight>
        </Stack>
      }
    >
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      <ConfigWarnings warnings={warnings.data ?? []} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
        <SearchField label="Search configurations" value={view.q} onSearch={search.search} />
        <FilterSelect
          label="Type"
          value={filters.kind ?? ''}
          options={TYPE_OPTIONS}
          onChange={(value) => search.filterBy({ kind: value === '' ? undefined : (value as ConfigKindId) })}
        />
        <FilterSelect
          label="State"
          value={booleanChoice(filters.active)}
          options={STATE_OPTIONS}
          onChange={(value) => search.filterBy({ active: choiceBoolean(value) })}
        />
        <FilterSelect
          label="In use"
          value={booleanChoice(filters.inUse)}
          options={IN_USE_OPTIONS}
          onChange={(value) => search.filterBy({ inUse: choiceBoolean(value) })}
        />
      </Stack>
      <QueryContent query={search.query} what="Configurations">
        {(page) => (
          <>
            <ConfigTable
              rows={page.items}
              actions={actions}
              sort={{ sort: view.sort, direction: view.direction, onSort: search.sortBy }}
            />
            <SearchPager
              what="configurations"
              pageIndex={view.pages.length}
              limit={search.limit}
              shown={page.items.length}
              total={page.total}
              isTotalCapped={page.isTotalCapped}
              hasNext={page.nextCursor !== null}
              isLoading={search.isStale}
              onPrevious={search.previous}
              onNext={search.next}
            />
          </>
        )}
      </QueryContent>
      <ConfigMessageDialog shown={dialog.shown} onClose={dialog.close} />
    </Page>
  );
}
