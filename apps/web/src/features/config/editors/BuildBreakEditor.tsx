import { BUILD_BREAK_LABELS, type ConfigKindId, DEFAULT_ROTATION_TITLE } from '@console/domain/config';
import { api } from '@console/domain/endpoints';
import Stack from '@mui/material/Stack';
import { useEndpointQuery } from '../../../api/hooks.ts';
import { NumberFormField } from '../../../components/form/NumberFormField.tsx';
import { PlainTextField } from '../../../components/form/PlainTextField.tsx';
import { SelectFormField, type SelectOption } from '../../../components/form/SelectFormField.tsx';
import { MatchmakingSection } from './sections/MatchmakingSection.tsx';
import { Section } from './sections/Section.tsx';
import { TabEditor } from './sections/TabEditor.tsx';

const MULTIPLIERS = ['hard', 'superHard', 'special'] as const;

/**
 * Build Event and Break Event: Matchmaking, Level Multipliers and Rotation, each rotation
 * entry picking a Construction Item from /api/plugin/config/construction-items.
 */
export function BuildBreakEditor({ kind }: { kind: ConfigKindId }) {
  return (
    <Stack spacing={3}>
      <MatchmakingSection name="data.matchmaking" />
      <Section title={BUILD_BREAK_LABELS.multipliers}>
        {MULTIPLIERS.map((field) => (
          <NumberFormField key={field} name={`data.multipliers.${field}`} label={BUILD_BREAK_LABELS[field]} />
        ))}
      </Section>
      <TabEditor kind={kind} entryLabel={DEFAULT_ROTATION_TITLE}>
        {(_index, name) => <ConstructionItemField name={`${name}.itemType`} />}
      </TabEditor>
    </Stack>
  );
}

function ConstructionItemField({ name }: { name: string }) {
  const items = useEndpointQuery(api.config.plugin.constructionItems, undefined, {
    select: (list): SelectOption<number>[] => list.map((item) => ({ value: item.id, label: item.name })),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!items.data) {
    return (
      <PlainTextField
        size="small"
        label={BUILD_BREAK_LABELS.itemType}
        value=""
        disabled
        error={items.isError}
        helperText={
          items.isError ? `Could not load the construction items: ${items.error.message}` : 'Loading…'
        }
        sx={{ minWidth: 220 }}
      />
    );
  }
  return <SelectFormField name={name} label={BUILD_BREAK_LABELS.itemType} options={items.data} />;
}
