import {
  ABTEST_MESSAGES,
  type AbTest,
  type AbTestVersion,
  checkVersionActivation,
  formatPercentage,
  sortVersionsNewestFirst,
  toDisplayPercentages,
} from '@console/domain/abtest';
import { api } from '@console/domain/endpoints';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { ToggleSwitch } from '../../components/form/ToggleSwitch.tsx';
import { formatDateTime } from '../../components/format.ts';
import { Loading } from '../../components/Loading.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { useAbTestVersionsQuery, useActivateVersionMutation } from './abtest.queries.ts';
import { CaseBars } from './CaseBars.tsx';
import { CreateVersionDialog } from './CreateVersionDialog.tsx';
import { type VersionActivationAnswer, VersionActivationDialog } from './VersionActivationDialog.tsx';

/** Activating a version of an active AB-test fixes which configuration serves which case. */
export const versionLockMessage = (id: string, version: number) =>
  `AB-test '${id}' is active: activating version ${version} locks the assignment of configurations to ` +
  'its cases.';

/** Why a version's switch cannot be used (the domain's activation rule), or undefined when it can. */
function activationBlockedBy(abTest: Parameters<typeof checkVersionActivation>[0], version: number) {
  const result = checkVersionActivation(abTest, version);
  return result.ok ? undefined : result.error.message;
}

/** The versions of a non-rollout AB-test, newest first, and "Create Version". */
export function VersionsSection({ abTest }: { abTest: AbTest }) {
  const versionsQuery = useAbTestVersionsQuery(abTest.id);
  const activate = useActivateVersionMutation();
  const { showError, toast } = useGlobalUi();
  const [isCreateOpen, setCreateOpen] = useState(false);
  const [question, setQuestion] = useState<{
    version: number;
    resolve(answer: VersionActivationAnswer): void;
  } | null>(null);
  const ask = (version: number) =>
    new Promise<VersionActivationAnswer>((resolve) => setQuestion({ version, resolve }));
  const versions = sortVersionsNewestFirst(versionsQuery.data ?? abTest.data.versions);
  const ruleView = { id: abTest.id, data: { type: abTest.data.type, versions } };

  const activateVersion = async (version: AbTestVersion) => {
    // Only an active AB-test asks, because its plugins' configurations get bound to the cases;
    // Only there do players hold cases, so only there can they be re-split.
    let reRandomise = false;
    if (abTest.active) {
      const answer = await ask(version.version);
      if (!answer.isConfirmed) return;
      reRandomise = answer.reRandomise;
    }
    // mutateAsync: the toast must not depend on this section staying mounted while the page reloads.
    try {
      const activated = await activate.mutateAsync({
        id: abTest.id,
        version: version.version,
        ...(reRandomise ? { reRandomise: true } : {}),
      });
      const split = toDisplayPercentages(activated.data.cases).map((percent) => formatPercentage(percent));
      const resplit = reRandomise ? ', every player re-split' : '';
      // The same kind as a rollout: the newest change of this test's split is the one shown.
      toast(`Version ${version.version} activated: cases ${split.join(' / ')}${resplit}`, 'success', {
        kind: `abtest.split.${abTest.id}`,
      });
    } catch (error) {
      if (error instanceof ApiError && error.isHandledGlobally) return;
      showError(
        ABTEST_MESSAGES.activationFailedTitle,
        error instanceof Error ? error.message : String(error),
      );
    }
  };

  return (
    <Paper component="section" aria-label="Versions" sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Versions
        </Typography>
        <NeedsRight endpoint={api.abtest.saveVersion}>
          <Button variant="contained" onClick={() => setCreateOpen(true)}>
            Create Version
          </Button>
        </NeedsRight>
      </Box>
      {versionsQuery.isPending && !versionsQuery.isError ? (
        <Loading />
      ) : (
        // At 200% zoom the columns are wider than the window: the table scrolls in its own box, not the page
        // (the switches inside it take the focus, so the keyboard reaches it).
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Versions">
            <TableHead>
              <TableRow>
                <TableCell>Active</TableCell>
                <TableCell>Version</TableCell>
                <TableCell>Cases</TableCell>
                <TableCell>Created</TableCell>
                <TableCell>User</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {versions.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>
                    <Typography sx={{ color: 'text.secondary' }}>No versions</Typography>
                  </TableCell>
                </TableRow>
              )}
              {versions.map((version) => (
                <TableRow key={version.version}>
                  <TableCell>
                    {/* Busy rather than disabled while the call is in flight, and the switch of the version
                      just activated keeps the focus in its wrapper, which says why it cannot be used. */}
                    <NeedsRight
                      endpoint={api.abtest.activateVersion}
                      lockedBecause={activationBlockedBy(ruleView, version.version)}
                      holdsFocus
                    >
                      <ToggleSwitch
                        checked={version.active}
                        onChange={(checked) => {
                          if (checked && !activate.isPending) void activateVersion(version);
                        }}
                        ariaLabel={`Active version ${version.version}`}
                        isBusy={activate.isPending}
                      />
                    </NeedsRight>
                  </TableCell>
                  <TableCell>{version.version}</TableCell>
                  <TableCell>
                    <CaseBars weights={version.cases} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(version.created)}</TableCell>
                  <TableCell>{version.lastModifier}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {question && (
        <VersionActivationDialog
          abTestId={abTest.id}
          version={question.version}
          message={versionLockMessage(abTest.id, question.version)}
          onAnswer={(answer) => {
            setQuestion(null);
            question.resolve(answer);
          }}
        />
      )}
      <CreateVersionDialog
        open={isCreateOpen}
        abTestId={abTest.id}
        versions={versions}
        onClose={() => setCreateOpen(false)}
      />
    </Paper>
  );
}
