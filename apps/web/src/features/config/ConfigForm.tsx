import {
  CONFIG_DESCRIPTION_MAX_LENGTH,
  CONFIG_ID_MAX_LENGTH,
  CONFIG_ITEM_LABELS,
  type ConfigKind,
  sanitizeConfigId,
} from '@console/domain/config';
import { api } from '@console/domain/endpoints';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { CheckboxFormField } from '../../components/form/CheckboxFormField.tsx';
import { ControlledTextFormField } from '../../components/form/ControlledTextFormField.tsx';
import { FormScope } from '../../components/form/FormScope.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextFormField } from '../../components/form/TextFormField.tsx';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { useUnsavedChangesGuard } from '../../components/form/useUnsavedChangesGuard.ts';
import { ActivationSection } from './ActivationSection.tsx';
import { ConfigMessageDialog } from './ConfigMessageDialog.tsx';
import { type ConfigFormValues, configFormSchemaOf } from './configForm.ts';
import { EDITOR_BY_FAMILY } from './editors/index.ts';
import { useConfigSubmit } from './useConfigSubmit.ts';

export type ConfigFormMode = 'create' | 'edit';

interface ConfigFormProps {
  kind: ConfigKind;
  mode: ConfigFormMode;
  initialValues: ConfigFormValues;
  /** Create: every change of the values (kept as the draft). */
  onValuesChange?(values: ConfigFormValues): void;
  /** Create: the values were saved (the draft is dropped). */
  onSaved?(): void;
}

/**
 * Shared configuration form: Configuration ID (locked after creation), Description, the
 * Active/Inactive badge, the activation checkbox where the kind can be deactivated, the activation
 * section, the kind's editor (its fields under data.*), Cancel and Create/Save, error text above.
 */
export function ConfigForm({ kind, mode, initialValues, onValuesChange, onSaved }: ConfigFormProps) {
  const schema = useMemo(() => configFormSchemaOf(kind.id), [kind.id]);
  const form = useSchemaForm(schema, { defaultValues: initialValues, labels: CONFIG_ITEM_LABELS });
  useUnsavedChangesGuard(form, 'configuration');
  const submit = useConfigSubmit({ kind, mode, ...(onSaved ? { onSaved } : {}) });
  const isActive = useWatch({ control: form.control, name: 'active' }) === true;
  const Editor = EDITOR_BY_FAMILY[kind.family];

  useEffect(() => {
    if (!onValuesChange) return;
    const subscription = form.watch((values) => onValuesChange(values as ConfigFormValues));
    return () => subscription.unsubscribe();
  }, [form, onValuesChange]);

  return (
    // The data editors' fields are small; the header's fields keep the full size.
    <FormScope form={form} size="small">
      <Stack
        component="form"
        noValidate
        spacing={3}
        aria-label={`${kind.label} configuration`}
        onSubmit={form.handleSubmit(submit.save, submit.refuseInvalid)}
        sx={{ maxWidth: 1100 }}
      >
        {submit.errorText && (
          <Alert severity="error" sx={{ whiteSpace: 'pre-wrap' }}>
            {submit.errorText}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <ControlledTextFormField
            name="id"
            label={CONFIG_ITEM_LABELS.id}
            required
            sanitize={sanitizeConfigId}
            // Locked after creation
            disabled={mode === 'edit'}
            hint={mode === 'create' ? 'Letters, digits, - and _; a space becomes -' : undefined}
            maxLength={CONFIG_ID_MAX_LENGTH}
            sx={{ minWidth: 280 }}
          />
          <TextFormField
            name="description"
            size="medium"
            label={CONFIG_ITEM_LABELS.description}
            required
            maxLength={CONFIG_DESCRIPTION_MAX_LENGTH}
            hint={`At most ${CONFIG_DESCRIPTION_MAX_LENGTH} characters`}
            sx={{ flexGrow: 1 }}
          />
          <Chip
            label={isActive ? 'Active' : 'Inactive'}
            color={isActive ? 'success' : 'default'}
            aria-label={`State: ${isActive ? 'Active' : 'Inactive'}`}
            sx={{ mt: { md: 1.5 } }}
          />
        </Stack>
        {kind.allowsDeactivation && <CheckboxFormField name="active" label={CONFIG_ITEM_LABELS.active} />}
        {kind.hasActivation && <ActivationSection />}
        {Editor && <Editor kind={kind.id} />}
        <Stack direction="row" spacing={1}>
          <Button onClick={submit.cancel}>Cancel</Button>
          <SubmitButton
            isPending={submit.isPending}
            endpoint={api.config.kinds[kind.id][mode === 'create' ? 'create' : 'save']}
          >
            {mode === 'create' ? 'Create' : 'Save'}
          </SubmitButton>
        </Stack>
      </Stack>
      <ConfigMessageDialog
        shown={submit.dialog.shown}
        onClose={submit.dialog.close}
        onAcceptUpdateFlow={submit.acceptUpdateFlow}
      />
    </FormScope>
  );
}
