import {
  type AbTest,
  SEGMENT_MAX_CONDITIONS,
  SEGMENT_MESSAGES,
  SEGMENT_PROPERTY_LIST,
  type SegmentCondition,
} from '@console/domain/abtest';
import { api } from '@console/domain/endpoints';
import { SegmentOperation } from '@console/domain/enums';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { AddIcon } from '../../components/icons.tsx';
import { NeedsRight, useMissingRight } from '../../shell/session/rights.tsx';
import { useSegmentCalls, useSegmentPropertiesQuery } from './abtest.queries.ts';
import { SegmentConditionRow } from './SegmentConditionRow.tsx';

// Typing a value is checked once the operator pauses.
export const SEGMENT_CHECK_DELAY_MS = 300;

const NEW_CONDITION: SegmentCondition = { property: 0, op: SegmentOperation.Equals, value: '' };

interface Row {
  key: number;
  condition: SegmentCondition;
}

type SaveState = { kind: 'idle' } | { kind: 'saved' } | { kind: 'failed'; message: string };

/**
 * Editable only while the AB-test is inactive; every change re-validates the conditions
 * (the server's mask marks the fields) and the segment is saved once all are valid.
 */
export function SegmentEditor({ abTest }: { abTest: Pick<AbTest, 'id' | 'active' | 'data'> }) {
  const isEditable = !abTest.active;
  // Every change autosaves: without the save's right the conditions are read-only, and Add condition
  // says why.
  const mayChange = useMissingRight(api.segment.save) === undefined;
  const nextKey = useRef(0);
  const toRow = (condition: SegmentCondition): Row => ({ key: nextKey.current++, condition });
  const [rows, setRows] = useState<Row[]>(() => abTest.data.segment.conditions.map(toRow));
  const [masks, setMasks] = useState<Record<number, number>>({});
  const [changeCount, setChangeCount] = useState(0);
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const properties = useSegmentPropertiesQuery();
  const calls = useSegmentCalls(abTest.id);
  const callsRef = useRef(calls);
  callsRef.current = calls;

  const change = (next: Row[]) => {
    setRows(next);
    setChangeCount((count) => count + 1);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a check runs once per change, for the rows of that change
  useEffect(() => {
    if (changeCount === 0) return;
    const controller = new AbortController();
    const timer = setTimeout(() => void check(rows, controller.signal), SEGMENT_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [changeCount]);

  const check = async (checked: Row[], signal: AbortSignal) => {
    try {
      const conditions = checked.map((row) => row.condition);
      const results = await Promise.all(conditions.map((c) => callsRef.current.validate(c, signal)));
      if (signal.aborted) return;
      setMasks(Object.fromEntries(checked.map((row, i) => [row.key, results[i]!])));
      if (results.some((mask) => mask !== 0)) {
        setSaveState({ kind: 'idle' });
        return;
      }
      const saved = await callsRef.current.save(conditions);
      if (signal.aborted) return;
      setMasks(Object.fromEntries(checked.map((row, i) => [row.key, saved[i] ?? 0])));
      setSaveState(saved.every((mask) => mask === 0) ? { kind: 'saved' } : { kind: 'idle' });
    } catch (error) {
      if (signal.aborted) return;
      const isShownByShell = error instanceof ApiError && error.isHandledGlobally;
      setSaveState(isShownByShell ? { kind: 'idle' } : { kind: 'failed', message: (error as Error).message });
    }
  };

  // "Segmentation saved..." shows for 1.5 s.
  useEffect(() => {
    if (saveState.kind !== 'saved') return;
    const timer = setTimeout(() => setSaveState({ kind: 'idle' }), SEGMENT_MESSAGES.savedMessageMs);
    return () => clearTimeout(timer);
  }, [saveState]);

  // Only a segment without conditions targets all players, whether editable or not.
  const isAllPlayers = rows.length === 0;

  return (
    <Paper component="section" aria-label="Segmentation" sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Segmentation
      </Typography>
      <Stack spacing={1.5}>
        {!isEditable && <Alert severity="info">{SEGMENT_MESSAGES.notEditable}</Alert>}
        {isAllPlayers && <Alert severity="warning">{SEGMENT_MESSAGES.allPlayersTargeted}</Alert>}
        {rows.map((row, index) => (
          <SegmentConditionRow
            key={row.key}
            index={index}
            condition={row.condition}
            mask={masks[row.key]}
            properties={properties.data ?? SEGMENT_PROPERTY_LIST}
            isEditable={isEditable && mayChange}
            onChange={(condition) => change(rows.map((r) => (r.key === row.key ? { ...r, condition } : r)))}
            onRemove={() => change(rows.filter((r) => r.key !== row.key))}
          />
        ))}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minHeight: 40 }}>
          {isEditable && (
            <NeedsRight endpoint={api.segment.save}>
              <Button
                startIcon={<AddIcon />}
                onClick={() => change([...rows, toRow(NEW_CONDITION)])}
                disabled={rows.length >= SEGMENT_MAX_CONDITIONS}
              >
                Add condition
              </Button>
            </NeedsRight>
          )}
          {saveState.kind === 'saved' && (
            <Typography role="status" sx={{ color: 'success.main' }}>
              {SEGMENT_MESSAGES.saved}
            </Typography>
          )}
          {saveState.kind === 'failed' && <Typography color="error">{saveState.message}</Typography>}
        </Box>
      </Stack>
    </Paper>
  );
}
