import { type AbTest, api, formatVersion, pluginNameOf } from '@console/domain';
import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../components/format.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { AbTestTypeLabel } from './AbTestTypeLabel.tsx';
import { CaseBars } from './CaseBars.tsx';
import { deletionBlockedBy, stateSwitchBlockedBy, useAbTestActions } from './useAbTestActions.ts';

const COLUMNS = [
  'State',
  'ID',
  'Type',
  'Description',
  'Version',
  'Cases',
  'Used By',
  'Created',
  'Modified',
  'User',
  '',
];

/** The columns of the A/B-test list. */
export function AbTestTable({ abTests }: { abTests: readonly AbTest[] }) {
  const actions = useAbTestActions();
  return (
    <TableContainer component={Paper}>
      <Table size="small" aria-label="AB-tests">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column} sx={{ whiteSpace: 'nowrap' }}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {abTests.length === 0 ? (
            <TableRow>
              <TableCell colSpan={COLUMNS.length}>
                <Typography sx={{ color: 'text.secondary' }}>No AB-tests</Typography>
              </TableCell>
            </TableRow>
          ) : (
            abTests.map((abTest) => (
              <TableRow key={abTest.id} hover>
                <TableCell>
                  <NeedsRight endpoint={api.abtest.activateTest} lockedBecause={stateSwitchBlockedBy(abTest)}>
                    <Switch
                      checked={abTest.active}
                      disabled={actions.isBusy || stateSwitchBlockedBy(abTest) !== undefined}
                      onChange={(event) => {
                        if (event.target.checked) void actions.activateAbTest(abTest);
                      }}
                      slotProps={{ input: { 'aria-label': `Active ${abTest.id}` } }}
                    />
                  </NeedsRight>
                </TableCell>
                {/* An id is one word to the operator; it does not break at its hyphens. */}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Link component={RouterLink} to={`/abtest/${encodeURIComponent(abTest.id)}`}>
                    {abTest.id}
                  </Link>
                </TableCell>
                <TableCell>
                  <AbTestTypeLabel type={abTest.data.type} />
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  <bdi>{abTest.description}</bdi>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatVersion(abTest.data.version)}</TableCell>
                <TableCell>
                  <CaseBars weights={abTest.data.cases} />
                </TableCell>
                <TableCell>
                  <Stack>
                    {abTest.usedBy.map((pluginId) => (
                      <Link key={pluginId} component={RouterLink} to={`/plugin/${pluginId}`}>
                        {pluginNameOf(pluginId)}
                      </Link>
                    ))}
                  </Stack>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(abTest.created)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(abTest.modified)}</TableCell>
                <TableCell>{abTest.lastModifier}</TableCell>
                <TableCell>
                  <NeedsRight endpoint={api.abtest.delete} lockedBecause={deletionBlockedBy(abTest)}>
                    <IconButton
                      aria-label={`Delete ${abTest.id}`}
                      disabled={actions.isBusy || deletionBlockedBy(abTest) !== undefined}
                      onClick={() => void actions.deleteAbTest(abTest)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </NeedsRight>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
