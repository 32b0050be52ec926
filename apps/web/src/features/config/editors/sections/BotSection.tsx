import { BOT_LABELS } from '@console/domain/config';
import { useFormContext, useWatch } from 'react-hook-form';
import { CheckboxFormField } from '../../../../components/form/CheckboxFormField.tsx';
import { NumberFormField } from '../../../../components/form/NumberFormField.tsx';
import { Section } from './Section.tsx';

const NAME = 'data.bot';

/**
 * Bot Configuration: Active; Progress Rate per second; Can Win; Lose race %. The last three
 * are disabled while the bot is inactive, and keep their values (the schema still checks them).
 */
export function BotSection() {
  const { control } = useFormContext();
  const isActive = useWatch({ control, name: `${NAME}.active` }) === true;
  return (
    <Section title="Bot Configuration">
      <CheckboxFormField name={`${NAME}.active`} label={BOT_LABELS.active} />
      <NumberFormField name={`${NAME}.prs`} label={BOT_LABELS.prs} disabled={!isActive} />
      <CheckboxFormField name={`${NAME}.canWin`} label={BOT_LABELS.canWin} disabled={!isActive} />
      <NumberFormField name={`${NAME}.losePct`} label={BOT_LABELS.losePct} disabled={!isActive} />
    </Section>
  );
}
