import { BOT_LABELS, type ConfigKindId } from '@console/domain';
import { useFormContext, useWatch } from 'react-hook-form';
import { CheckboxField } from '../../fields/CheckboxField.tsx';
import { NumberField } from '../../fields/NumberField.tsx';
import { Section } from './Section.tsx';

const NAME = 'data.bot';

/**
 * Bot Configuration: Active; Progress Rate per second; Can Win; Lose race %. The last three
 * are disabled while the bot is inactive, and keep their values (the schema still checks them).
 */
export function BotSection({ kind }: { kind: ConfigKindId }) {
  const { control } = useFormContext();
  const isActive = useWatch({ control, name: `${NAME}.active` }) === true;
  return (
    <Section title="Bot Configuration">
      <CheckboxField name={`${NAME}.active`} label={BOT_LABELS.active} />
      <NumberField name={`${NAME}.prs`} label={BOT_LABELS.prs} kind={kind} disabled={!isActive} />
      <CheckboxField name={`${NAME}.canWin`} label={BOT_LABELS.canWin} disabled={!isActive} />
      <NumberField name={`${NAME}.losePct`} label={BOT_LABELS.losePct} kind={kind} disabled={!isActive} />
    </Section>
  );
}
