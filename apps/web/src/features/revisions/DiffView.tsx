import type { DescribedDiff } from '@console/domain/runtime';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CheckField } from '../../components/form/CheckField.tsx';

const preStyle = { m: 0, fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre-wrap' } as const;

/** The lines no plugin holds: the release, and tests or configurations no changed plugin references. */
function otherLines(described: DescribedDiff): string[] {
  const pluginLines = new Set(described.plugins.flatMap((plugin) => plugin.lines));
  return described.lines.filter((line) => !pluginLines.has(line));
}

interface DiffViewProps {
  described: DescribedDiff;
  /** Plugin ids ticked for a transfer; without it the plugins are not selectable. */
  selected?: readonly number[];
  onSelect?: (pluginId: number, isSelected: boolean) => void;
}

/** A runtime diff as readable text, one block per plugin, then the rest. */
export function DiffView({ described, selected, onSelect }: DiffViewProps) {
  if (described.lines.length === 0) {
    return <Typography role="status">No difference: both serve the same content.</Typography>;
  }
  const rest = otherLines(described);
  return (
    <Stack spacing={2} aria-label="Differences">
      {described.moves.length > 0 ? (
        <Box role="note" aria-label="Players moved">
          {described.moves.map((move) => (
            <Typography key={move.abTestId}>{`AB-test '${move.abTestId}': ${move.text}`}</Typography>
          ))}
        </Box>
      ) : null}
      {described.plugins.map((plugin) => (
        <Box key={plugin.id} component="section" aria-label={`Plugin ${plugin.name}`}>
          {onSelect ? (
            <CheckField
              label={`Select ${plugin.name}`}
              checked={selected?.includes(plugin.id) ?? false}
              onChange={(checked) => onSelect(plugin.id, checked)}
            />
          ) : null}
          <Box component="pre" sx={preStyle}>
            {plugin.lines.join('\n')}
          </Box>
        </Box>
      ))}
      {rest.length > 0 ? (
        <Box component="section" aria-label="Other changes">
          <Box component="pre" sx={preStyle}>
            {rest.join('\n')}
          </Box>
        </Box>
      ) : null}
    </Stack>
  );
}
