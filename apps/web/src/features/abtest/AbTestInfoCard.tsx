import { type AbTest, formatVersion } from '@console/domain/abtest';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../components/format.ts';
import { WarningAmberIcon } from '../../components/icons.tsx';
import { Field } from './Field.tsx';

export interface AbTestInfoCardProps {
  abTest: Pick<AbTest, 'id' | 'active' | 'description' | 'created' | 'modified' | 'lastModifier'> & {
    data: Pick<AbTest['data'], 'version'>;
  };
  /** The version to show (e.g. a plugin entry's); the A/B-test's current version when left out. */
  version?: number;
  /** Links the id to /abtest/{id}. */
  isLinked?: boolean;
  /** Shows the warning icon (the configuration is invalid). */
  isConfigurationInvalid?: boolean;
  /** The tooltip of the warning icon. */
  invalidMessage?: string;
}

export const INVALID_CONFIGURATION_LABEL = 'Invalid configuration';

/** A/B-test info card. */
export function AbTestInfoCard({
  abTest,
  version = abTest.data.version,
  isLinked = false,
  isConfigurationInvalid = false,
  invalidMessage = INVALID_CONFIGURATION_LABEL,
}: AbTestInfoCardProps) {
  return (
    <Card variant="outlined" component="section" aria-label={`AB-test ${abTest.id}`}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ whiteSpace: 'nowrap' }}>
            {isLinked ? (
              <Link component={RouterLink} to={`/abtest/${encodeURIComponent(abTest.id)}`}>
                {abTest.id}
              </Link>
            ) : (
              abTest.id
            )}
          </Typography>
          {isConfigurationInvalid && (
            // Its label is the only place the reason is written: it must be reachable by keyboard, and
            // show on focus as on hover.
            <Tooltip title={invalidMessage}>
              <Box
                component="span"
                role="img"
                aria-label={invalidMessage}
                tabIndex={0}
                sx={{ display: 'inline-flex' }}
              >
                <WarningAmberIcon color="warning" aria-hidden />
              </Box>
            </Tooltip>
          )}
          <Typography variant="body2" sx={{ color: abTest.active ? 'success.main' : 'text.secondary' }}>
            {abTest.active ? 'active' : 'not active'}
          </Typography>
        </Box>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
        >
          <Field label="Version">{formatVersion(version)}</Field>
          <Field label="Description">
            <bdi>{abTest.description}</bdi>
          </Field>
          <Field label="Created">{formatDateTime(abTest.created)}</Field>
          <Field label="Modified">{formatDateTime(abTest.modified)}</Field>
          <Field label="Last modifier">{abTest.lastModifier}</Field>
        </Box>
      </CardContent>
    </Card>
  );
}
