import { type AbTest, sortVersionsNewestFirst } from '@console/domain/abtest';
import type { ResultsMethod } from '@console/domain/experiment';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PlainSelectField } from '../../../components/form/PlainSelectField.tsx';
import { SegmentedChoice } from '../../../components/form/SegmentedChoice.tsx';
import { QueryContent } from '../../../components/QueryContent.tsx';
import { setOrDelete, useViewState } from '../../../components/useViewState.ts';
import { DecisionList } from './DecisionList.tsx';
import { ResultsView } from './ResultsView.tsx';
import { useResultsQuery } from './results.queries.ts';

interface ResultsViewState {
  /** The version whose results are shown; undefined: the A/B-test's current one. */
  version: number | undefined;
  method: ResultsMethod;
}

const readView = (params: URLSearchParams): ResultsViewState => {
  const version = Number.parseInt(params.get('resultsVersion') ?? '', 10);
  return {
    version: Number.isSafeInteger(version) && version >= 0 ? version : undefined,
    // sequential unless asked: the intervals stay valid however often the operator looks
    method: params.get('method') === 'fixed-horizon' ? 'fixed-horizon' : 'sequential',
  };
};
const writeView = (params: URLSearchParams, view: ResultsViewState) => {
  setOrDelete(params, 'resultsVersion', view.version === undefined ? '' : String(view.version));
  setOrDelete(params, 'method', view.method, 'sequential');
};

const METHOD_LABELS: Record<ResultsMethod, string> = {
  sequential: 'Sequential',
  'fixed-horizon': 'Fixed horizon',
};
const METHOD_OPTIONS = (Object.keys(METHOD_LABELS) as ResultsMethod[]).map((method) => ({
  value: method,
  label: METHOD_LABELS[method],
}));

/** The A/B-test page's Results: per version, how each case moved each metric of the environment. */
export function ResultsPanel({ abTest }: { abTest: AbTest }) {
  const [view, setView] = useViewState(readView, writeView);
  const versions = sortVersionsNewestFirst(abTest.data.versions);
  const current = abTest.data.version >= 0 ? abTest.data.version : versions[0]?.version;
  // Kept here as well as in the URL: the router applies a URL change as a transition, after the reloads a
  // shipping starts, which would show the shipping version's empty results meanwhile.
  const [pinned, setPinned] = useState<number | undefined>(undefined);
  const version = view.version ?? pinned ?? current;
  return (
    <Paper component="section" aria-label="Results" sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2">
        Results
      </Typography>
      {version === undefined ? (
        <Typography sx={{ color: 'text.secondary' }}>
          No results yet: this AB-test has no version. Results appear once a version serves players.
        </Typography>
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', my: 1 }}>
            <PlainSelectField
              size="small"
              label="Version"
              value={String(version)}
              onChange={(event) => setView({ ...view, version: Number(event.target.value) })}
              sx={{ minWidth: 160 }}
            >
              {versions.map((entry) => (
                <MenuItem key={entry.version} value={String(entry.version)}>
                  Version {entry.version}
                  {entry.version === abTest.data.version ? ' (current)' : ''}
                </MenuItem>
              ))}
            </PlainSelectField>
            <SegmentedChoice
              size="small"
              ariaLabel="Method"
              value={view.method}
              onChange={(method) => setView({ ...view, method })}
              options={METHOD_OPTIONS}
            />
          </Box>
          <VersionResults
            abTest={abTest}
            version={version}
            method={view.method}
            onShipping={() => {
              setPinned(version);
              setView({ ...view, version });
            }}
          />
        </>
      )}
      <DecisionList abTestId={abTest.id} />
    </Paper>
  );
}

function VersionResults({
  abTest,
  version,
  method,
  onShipping,
}: {
  abTest: AbTest;
  version: number;
  method: ResultsMethod;
  onShipping(): void;
}) {
  const query = useResultsQuery({ abTestId: abTest.id, version, method });
  return (
    <QueryContent query={query} what="Results">
      {(results) => (
        <>
          <Typography variant="body2" sx={{ my: 1 }}>
            Method: {METHOD_LABELS[results.method]}. {results.methodDescription}
          </Typography>
          <ResultsView abTest={abTest} results={results} onShipping={onShipping} />
        </>
      )}
    </QueryContent>
  );
}
