import { isReservedIdentifier, RESERVED_IDENTIFIER_MESSAGE } from '@console/domain/api';
import {
  DEFAULT_ENVIRONMENT_DESCRIPTION,
  ENVIRONMENT_ID_MAX_LENGTH,
  ENVIRONMENT_ID_RULE,
  sanitizeEnvironmentId,
} from '@console/domain/environment.constants';
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
  // The id is cleaned as typed (sanitizeEnvironmentId), so only the reserved names remain to refuse here;
  // the server's refusal (409 exists) is the message of 'Creating configuration failed'.
  const isReserved = isReservedIdentifier(id);
  const canAdd = id !== '' && !isReserved;

  const close = () => {
    // While saving, closing would detach the mutation and skip the re-list and switch that follow it.
    if (create.isPending) return;
    setId('');
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canAdd || create.isPending) return;
    create.mutate(
      { configurationId: id, description: DEFAULT_ENVIRONMENT_DESCRIPTION },
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
            onChange={(event) => setId(sanitizeEnvironmentId(event.target.value))}
            error={isReserved}
            helperText={
              isReserved
                ? `The environment id ${RESERVED_IDENTIFIER_MESSAGE}.`
                : `The environment id must be unique. ${ENVIRONMENT_ID_RULE}`
            }
            slotProps={{ htmlInput: { maxLength: ENVIRONMENT_ID_MAX_LENGTH } }}
            autoFocus
            fullWidth
            autoComplete="off"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={create.isPending}>
            Close
          </Button>
          <Button type="submit" variant="contained" disabled={!canAdd || create.isPending}>
            Add
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
