import { DEFAULT_ENVIRONMENT_DESCRIPTION } from '@console/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useActiveEnvironment } from '../environment/environment.context.ts';
import { useCreateEnvironmentMutation } from '../environment/environment.queries.ts';
import { useGlobalUi } from '../feedback/globalUi.context.ts';

export const CREATE_FAILED_TITLE = 'Creating configuration failed';

interface CreateEnvironmentDialogProps {
  open: boolean;
  onClose(): void;
}

/** 'Add New Environment': save, re-list, then switch to the new environment. */
export function CreateEnvironmentDialog({ open, onClose }: CreateEnvironmentDialogProps) {
  const [id, setId] = useState('');
  const { select } = useActiveEnvironment();
  const { showError, toast } = useGlobalUi();
  const create = useCreateEnvironmentMutation();
  const titleId = useId();
  const trimmed = id.trim();

  const close = () => {
    // While saving, closing would detach the mutation and skip the re-list and switch that follow it.
    if (create.isPending) return;
    setId('');
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === '' || create.isPending) return;
    create.mutate(
      { configurationId: trimmed, description: DEFAULT_ENVIRONMENT_DESCRIPTION },
      {
        // The mutation has reloaded the environment list by now, so the new one can be selected.
        onSuccess: (environment) => {
          select(environment.id);
          toast(`Environment ${environment.id} created`);
          close();
        },
        onError: (error) => {
          // A 401 or 500 already has its own page or modal.
          if (error instanceof ApiError && error.isHandledGlobally) return;
          showError(CREATE_FAILED_TITLE, error.message);
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Add New Environment</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Environments manage different runtime configurations of the game servers.
          </DialogContentText>
          <TextField
            label="Environment"
            value={id}
            onChange={(event) => setId(event.target.value)}
            helperText="The environment id must be unique."
            autoFocus
            fullWidth
            autoComplete="off"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={create.isPending}>
            Close
          </Button>
          <Button type="submit" variant="contained" disabled={trimmed === '' || create.isPending}>
            Add
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
