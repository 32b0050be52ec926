import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../api/client.ts';
import { type Declared, NeedsRight } from '../../shell/session/rights.tsx';
import { EditIcon } from '../icons.tsx';

/** The save call of one item's description (a mutation bound to the item). */
export interface DescriptionSave {
  save(description: string, onSaved: () => void): void;
  isPending: boolean;
  error: Error | null;
}

interface InPlaceDescriptionEditorProps {
  description: string;
  /** The request schema's description field: its trimming, bounds and messages. */
  schema: z.ZodType<string, string>;
  maxLength: number;
  saving: DescriptionSave;
  /** The save's declaration: Edit is disabled, saying why, for a role that may not make it. */
  endpoint: Declared;
  spacing?: number;
}

/** A description edited in place and saved at once; Enter saves, Escape cancels. */
export function InPlaceDescriptionEditor(props: InPlaceDescriptionEditorProps) {
  const { description, endpoint, spacing = 0 } = props;
  const [isEditing, setEditing] = useState(false);
  // After Escape, Cancel or a save the form is gone: focus returns to Edit, which opened it.
  const [hasEdited, setEdited] = useState(false);
  if (!isEditing) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: spacing }}>
        <Typography sx={{ color: description ? 'text.primary' : 'text.secondary', wordBreak: 'break-word' }}>
          {description ? <bdi>{description}</bdi> : 'No description'}
        </Typography>
        <NeedsRight endpoint={endpoint}>
          <IconButton
            aria-label="Edit description"
            title="Edit description"
            autoFocus={hasEdited}
            onClick={() => setEditing(true)}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </NeedsRight>
      </Box>
    );
  }
  return (
    <DescriptionForm
      {...props}
      onDone={() => {
        setEdited(true);
        setEditing(false);
      }}
    />
  );
}

function DescriptionForm({
  description,
  schema,
  maxLength,
  saving,
  spacing = 0,
  onDone,
}: InPlaceDescriptionEditorProps & { onDone(): void }) {
  const { control, handleSubmit } = useForm<{ description: string }>({
    resolver: zodResolver(z.object({ description: schema })),
    defaultValues: { description },
  });
  const submit = handleSubmit((values) => saving.save(values.description, onDone));
  const saveError = saving.error instanceof ApiError && saving.error.isHandledGlobally ? null : saving.error;

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ display: 'flex', gap: 1, alignItems: 'start', mb: spacing }}
    >
      <Controller
        name="description"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label="Description"
            size="small"
            autoFocus
            fullWidth
            autoComplete="off"
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                onDone();
              }
            }}
            error={fieldState.error !== undefined || saveError !== null}
            helperText={fieldState.error?.message ?? saveError?.message ?? 'Enter saves, Escape cancels'}
            slotProps={{ htmlInput: { maxLength } }}
          />
        )}
      />
      <Button type="submit" variant="contained" disabled={saving.isPending}>
        Save
      </Button>
      <Button onClick={onDone}>Cancel</Button>
    </Box>
  );
}
