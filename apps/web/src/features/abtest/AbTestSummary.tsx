import { type AbTest, formatVersion } from '@console/domain/abtest';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import { formatDateTime } from '../../components/format.ts';
import { AbTestTypeLabel } from './AbTestTypeLabel.tsx';
import { DescriptionEditor } from './DescriptionEditor.tsx';
import { Field } from './Field.tsx';

/** Description, active badge, type, version, created, modified and last modifier. */
export function AbTestSummary({ abTest }: { abTest: AbTest }) {
  return (
    <Paper sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Chip
          label={abTest.active ? 'Active' : 'Inactive'}
          color={abTest.active ? 'success' : 'default'}
          size="small"
        />
        <Box sx={{ flexGrow: 1 }}>
          <DescriptionEditor key={abTest.description} id={abTest.id} description={abTest.description} />
        </Box>
      </Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        <Field label="Type">
          <AbTestTypeLabel type={abTest.data.type} />
        </Field>
        <Field label="Version">{formatVersion(abTest.data.version)}</Field>
        <Field label="Created">{formatDateTime(abTest.created)}</Field>
        <Field label="Modified">{formatDateTime(abTest.modified)}</Field>
        <Field label="Last modifier">{abTest.lastModifier}</Field>
      </Box>
    </Paper>
  );
}
