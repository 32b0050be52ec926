import {
  PLUGIN_DESCRIPTION_MAX_LENGTH,
  type SetPluginDescriptionRequest,
  setPluginDescriptionRequestSchema,
} from '@console/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../api/client.ts';
import { useSetPluginDescriptionMutation } from './plugin.queries.ts';

interface PluginDescriptionEditorProps {
  pluginId: number;
  description: string;
}

/** spec §4: the description is edited in place and saved at once; Escape cancels. */
export function PluginDescriptionEditor({ pluginId, description }: PluginDescriptionEditorProps) {
  const [isEditing, setEditing] = useState(false);
  if (!isEditing) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography sx={{ color: description ? 'text.primary' : 'text.secondary', wordBreak: 'break-word' }}>
          {description || 'No description'}
        </Typography>
        <IconButton aria-label="Edit description" title="Edit description" onClick={() => setEditing(true)}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Box>
    );
  }
  return <DescriptionForm pluginId={pluginId} description={description} onDone={() => setEditing(false)} />;
}

type DescriptionInput = z.input<typeof setPluginDescriptionRequestSchema>;

function DescriptionForm({
  pluginId,
  description,
  onDone,
}: PluginDescriptionEditorProps & { onDone(): void }) {
  const save = useSetPluginDescriptionMutation();
  const { control, handleSubmit } = useForm<DescriptionInput, unknown, SetPluginDescriptionRequest>({
    resolver: zodResolver(setPluginDescriptionRequestSchema),
    defaultValues: { pluginId, description },
  });
  const submit = handleSubmit((request) => save.mutate(request, { onSuccess: onDone }));
  const saveError = save.error instanceof ApiError && save.error.isHandledGlobally ? null : save.error;

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ display: 'flex', gap: 1, alignItems: 'start', mb: 2 }}
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
            slotProps={{ htmlInput: { maxLength: PLUGIN_DESCRIPTION_MAX_LENGTH } }}
          />
        )}
      />
      <Button type="submit" variant="contained" disabled={save.isPending}>
        Save
      </Button>
      <Button onClick={onDone}>Cancel</Button>
    </Box>
  );
}
