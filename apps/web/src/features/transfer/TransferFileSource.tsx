import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChangeEvent } from 'react';
import { RadioChoiceField } from '../../components/form/RadioChoiceField.tsx';
import type { SelectOption } from '../../components/form/SelectFormField.tsx';
import { downloadEnvironmentFile, useExportEnvironmentMutation } from './environment-file.queries.ts';

export type TransferSourceKind = 'environment' | 'file';

const SOURCE_KIND_OPTIONS: readonly SelectOption<TransferSourceKind>[] = [
  { value: 'environment', label: 'An environment' },
  { value: 'file', label: 'An environment file' },
];

/** A file chosen as the source: its name and parsed JSON (the server reads and checks the rest). */
export interface ChosenFile {
  name: string;
  content: unknown;
  /** The environment it says it was exported from, shown beside its name. */
  environment: string | null;
}

/** Whether the transfer copies another environment or imports an environment file. */
export function TransferSourceKindChoice({
  value,
  onChange,
}: {
  value: TransferSourceKind;
  onChange(kind: TransferSourceKind): void;
}) {
  return (
    <FormControl>
      <FormLabel id="transfer-source-kind-label">Copy from</FormLabel>
      <RadioChoiceField
        labelledBy="transfer-source-kind-label"
        value={value}
        onChange={onChange}
        options={SOURCE_KIND_OPTIONS}
      />
    </FormControl>
  );
}

/**
 * The file picker of an import. A file that is not JSON is refused here; whether it is an environment
 * file of a readable format is the server's to say (its preview answers 400 naming the field).
 */
export function TransferFilePicker({
  file,
  onFile,
  onError,
}: {
  file: ChosenFile | null;
  onFile(file: ChosenFile | null): void;
  onError(message: string): void;
}) {
  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked) return;
    try {
      const content: unknown = JSON.parse(await picked.text());
      const environment =
        typeof content === 'object' && content !== null && 'environment' in content
          ? String(content.environment)
          : null;
      onFile({ name: picked.name, content, environment });
    } catch (error) {
      onFile(null);
      onError(`${picked.name} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Button variant="outlined" component="label">
        Choose file
        <input
          hidden
          type="file"
          accept=".json,application/json"
          aria-label="Environment file to import"
          onChange={read}
        />
      </Button>
      <Typography role="status" aria-label="Chosen file">
        {file
          ? `${file.name}${file.environment === null ? '' : ` (exported from ${file.environment})`}`
          : 'No file chosen'}
      </Typography>
    </Stack>
  );
}

/** Downloads the environment's content as a file (the same text as `npm run env:export`). */
export function ExportEnvironmentButton({
  environment,
  onError,
}: {
  environment: string;
  onError(error: unknown): void;
}) {
  const exporting = useExportEnvironmentMutation();
  return (
    <Button
      variant="text"
      disabled={environment === '' || exporting.isPending}
      onClick={() => exporting.mutate(environment, { onSuccess: downloadEnvironmentFile, onError })}
    >
      {`Export ${environment} as file`}
    </Button>
  );
}
