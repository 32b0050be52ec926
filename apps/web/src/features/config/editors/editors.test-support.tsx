import {
  type ConfigItemInput,
  type ConfigKindId,
  configItemInputSchemaOf,
  configKindOf,
  defaultActivationSettings,
  defaultConfigData,
} from '@console/domain/config';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldValues } from 'react-hook-form';
import { vi } from 'vitest';
import { createQueryClient } from '../../../api/queryClient.ts';
import { FormScope } from '../../../components/form/FormScope.tsx';
import { useSchemaForm } from '../../../components/form/useSchemaForm.ts';
import { ActiveEnvironmentContext } from '../../../shell/environment/environment.context.ts';
import { EDITOR_BY_FAMILY } from './index.ts';

/** A new configuration of a kind, every field at its default; `data` overrides merge in. */
export function aConfigInput(kind: ConfigKindId, data: Record<string, unknown> = {}): FieldValues {
  return {
    id: 'spring-race',
    description: 'Spring race',
    active: false,
    activation: defaultActivationSettings(),
    data: { ...defaultConfigData(kind), ...data },
  };
}

interface EditorFormProps {
  kind: ConfigKindId;
  values: FieldValues;
  onSave: (item: ConfigItemInput) => void;
}

function EditorForm({ kind, values, onSave }: EditorFormProps) {
  const form = useSchemaForm(configItemInputSchemaOf(kind), { defaultValues: values as never });
  const Editor = EDITOR_BY_FAMILY[configKindOf(kind).family];
  if (!Editor) throw new Error(`${kind} has no data editor`);
  return (
    <FormScope form={form} size="small">
      <form noValidate onSubmit={form.handleSubmit((item) => onSave(item as ConfigItemInput))}>
        <Editor kind={kind} />
        <button type="submit">Save</button>
      </form>
    </FormScope>
  );
}

/**
 * Renders a kind's editor in a form as the shared form holds it: react-hook-form with the kind's
 * domain schema as the resolver, and a Save button that submits. `saved` receives what the schema
 * accepted (the body the page would send).
 */
export function renderEditor(kind: ConfigKindId, values: FieldValues = aConfigInput(kind)) {
  const saved = vi.fn<(item: ConfigItemInput) => void>();
  const queryClient = createQueryClient();
  const environment = { active: 'dev', environments: ['dev'], isReady: true, select() {} };
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <ActiveEnvironmentContext value={environment}>
        <EditorForm kind={kind} values={values} onSave={saved} />
      </ActiveEnvironmentContext>
    </QueryClientProvider>,
  );
  return {
    user,
    saved,
    save: () => user.click(screen.getByRole('button', { name: 'Save' })),
    /** What the last accepted Save sent as `data`. */
    savedData: () => saved.mock.lastCall?.[0].data as Record<string, unknown> | undefined,
  };
}

/** The number or text field with this label (the first, or the `index`th when several). */
export function field(label: string, index = 0): HTMLInputElement {
  const fields = screen.getAllByLabelText(label, { selector: 'input' });
  const found = fields[index];
  if (!found) throw new Error(`No field labelled ${label} at ${index}`);
  return found as HTMLInputElement;
}
