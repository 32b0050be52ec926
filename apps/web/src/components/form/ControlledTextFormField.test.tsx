import { createAbTestRequestSchema, sanitizeAbTestId } from '@console/domain/abtest';
import { AbTestType } from '@console/domain/enums';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldValues } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ControlledTextFormField, type ControlledTextFormFieldProps } from './ControlledTextFormField.tsx';
import { FormScope } from './FormScope.tsx';
import { type SchemaForm, useSchemaForm } from './useSchemaForm.ts';

let form: SchemaForm<FieldValues, unknown> | undefined;

function IdForm(props: Omit<ControlledTextFormFieldProps, 'name'>) {
  const current = useSchemaForm(createAbTestRequestSchema, {
    defaultValues: { id: '', description: '', type: AbTestType.StickySegmentation },
  });
  form = current as unknown as SchemaForm<FieldValues, unknown>;
  return (
    <FormScope form={current}>
      <ControlledTextFormField name="id" label="ID" {...props} />
    </FormScope>
  );
}

const idBox = () => screen.getByRole('textbox', { name: 'ID' }) as HTMLInputElement;

describe('ControlledTextFormField', () => {
  it('cleans what is typed, in the box and in the form', async () => {
    const user = userEvent.setup();
    render(<IdForm sanitize={sanitizeAbTestId} />);
    await user.type(idBox(), 'spring sale');
    expect(idBox().value).toBe('spring-sale');
    expect(form?.getValues('id')).toBe('spring-sale');
  });

  it('shows at once a value the form sets, its label out of the way', () => {
    render(<IdForm />);
    act(() => form?.setValue('id', 'brave-otter'));
    expect(idBox().value).toBe('brave-otter');
    expect(screen.getByText('ID', { selector: 'label' }).getAttribute('data-shrink')).toBe('true');
  });

  it("shows a problem the schema cannot know before the schema's own message and the hint", () => {
    const { rerender } = render(<IdForm hint="Letters, digits, - and _" />);
    expect(screen.getByText('Letters, digits, - and _')).toBeTruthy();
    rerender(<IdForm hint="Letters, digits, - and _" problem="ID already exists" />);
    expect(screen.getByText('ID already exists')).toBeTruthy();
    expect(idBox().getAttribute('aria-invalid')).toBe('true');
  });
});
