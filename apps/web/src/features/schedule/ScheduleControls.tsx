import { SCHEDULE_LABELS } from '@console/domain/schedule';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import { NativeSelectField } from '../../components/form/NativeSelectField.tsx';
import { ToggleSwitch } from '../../components/form/ToggleSwitch.tsx';
import { type ScheduleSettings, SETTING_CHOICES } from './scheduleSettings.ts';

interface ScheduleControlsProps {
  settings: ScheduleSettings;
  onChange(settings: ScheduleSettings): void;
}

type NumberSetting = keyof typeof SETTING_CHOICES;

const hoursOf = (slotsPerDay: number) => 24 / slotsPerDay;

const OPTION_LABELS: Record<NumberSetting, (value: number) => string> = {
  slotsPerDay: (value) => `${value} (${hoursOf(value)} h each)`,
  daysBack: String,
  daysForward: String,
};

/** Range and slot size within the server's bounds, and whether the drafts' configurations are shown. */
export function ScheduleControls({ settings, onChange }: ScheduleControlsProps) {
  const select = (setting: NumberSetting) => {
    const id = `schedule-${setting}`;
    return (
      <FormControl size="small" sx={{ minWidth: 130 }}>
        <InputLabel variant="standard" htmlFor={id}>
          {SCHEDULE_LABELS[setting]}
        </InputLabel>
        <NativeSelectField
          value={settings[setting]}
          inputProps={{ id }}
          onChange={(event) => onChange({ ...settings, [setting]: Number(event.target.value) })}
        >
          {SETTING_CHOICES[setting].map((value) => (
            <option key={value} value={value}>
              {OPTION_LABELS[setting](value)}
            </option>
          ))}
        </NativeSelectField>
      </FormControl>
    );
  };
  return (
    <Box
      role="group"
      aria-label="Timeline range"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: 3, mb: 2 }}
    >
      {select('slotsPerDay')}
      {select('daysBack')}
      {select('daysForward')}
      <ToggleSwitch
        label={SCHEDULE_LABELS.includeDraft}
        checked={settings.includeDraft}
        onChange={(includeDraft) => onChange({ ...settings, includeDraft })}
      />
    </Box>
  );
}
