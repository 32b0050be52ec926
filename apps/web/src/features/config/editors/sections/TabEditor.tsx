import type { ConfigKindId } from '@console/domain/config';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { AddIcon, DeleteOutlinedIcon, ErrorOutlineIcon } from '../../../../components/icons.tsx';
import { useBoundedList } from './useBoundedList.ts';

/** The title of the mark on a tab whose entry has an error. */
export const HAS_ERRORS = 'Has errors';

interface TabEditorProps {
  kind: ConfigKindId;
  /** What one entry is called; its tab reads "<entryLabel> <n>" ("Tier 1", "Rotation 2"). */
  entryLabel: string;
  /** The fields of entry `index`, named under the list's `data.<field>.<index>`. */
  children: (index: number, name: string) => ReactNode;
}

/**
 * Shared section "rotation tab editor": one tab per tier or rotation entry, added and
 * removed within the kind's bounds ("Tab counts... bounded by the max tier/rotation
 * counts"). A tab whose entry has an error is marked, since only the selected tab is shown.
 */
export function TabEditor({ kind, entryLabel, children }: TabEditorProps) {
  const list = useBoundedList(kind);
  const [selected, setSelected] = useState(0);
  const current = Math.min(selected, Math.max(list.fields.length - 1, 0));
  const id = useId();
  const tabTitle = (index: number) => `${entryLabel} ${index + 1}`;
  return (
    <Stack component="section" aria-label={list.label} spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h3">
          {list.label}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {list.fields.length} of at most {list.max}
        </Typography>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={!list.canAdd}
          onClick={() => {
            list.add();
            setSelected(list.fields.length);
          }}
        >
          Add {entryLabel.toLowerCase()}
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlinedIcon />}
          disabled={!list.canRemove || list.fields.length === 0}
          onClick={() => list.remove(current)}
        >
          Remove {tabTitle(current).toLowerCase()}
        </Button>
      </Stack>
      {list.error && <Alert severity="error">{list.error}</Alert>}
      {list.fields.length > 0 && (
        <>
          <Tabs
            value={current}
            onChange={(_event, index: number) => setSelected(index)}
            variant="scrollable"
            scrollButtons="auto"
            aria-label={list.label}
          >
            {list.fields.map((field, index) => (
              <Tab
                key={field.id}
                value={index}
                label={tabTitle(index)}
                id={`${id}-tab-${index}`}
                aria-controls={`${id}-panel`}
                icon={
                  list.hasError(index) ? (
                    <ErrorOutlineIcon titleAccess={HAS_ERRORS} fontSize="small" />
                  ) : undefined
                }
                iconPosition="end"
                sx={{ minHeight: 48, ...(list.hasError(index) ? { color: 'error.main' } : {}) }}
              />
            ))}
          </Tabs>
          <Box
            role="tabpanel"
            id={`${id}-panel`}
            aria-labelledby={`${id}-tab-${current}`}
            key={list.fields[current]?.id}
            sx={{ pt: 1 }}
          >
            {children(current, `${list.name}.${current}`)}
          </Box>
        </>
      )}
    </Stack>
  );
}
