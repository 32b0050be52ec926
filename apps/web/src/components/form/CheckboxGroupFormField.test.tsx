import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CheckboxGroupFormField } from './CheckboxGroupFormField.tsx';
import { Form } from './Form.tsx';
import { useSchemaForm } from './useSchemaForm.ts';

const schema = z.object({ colours: z.array(z.enum(['red', 'green', 'blue'])).min(1, 'Pick a colour') });
const OPTIONS = [
  { value: 'red', label: 'Red' },
  { value: 'green', label: 'Green' },
  { value: 'blue', label: 'Blue' },
] as const;

let submitted: unknown[] = [];

function ColourForm({ colours }: { colours: string[] }) {
  const form = useSchemaForm(schema, { defaultValues: { colours } as z.input<typeof schema> });
  return (
    <Form form={form} onSubmit={(values) => submitted.push(values)}>
      <CheckboxGroupFormField name="colours" label="Colours" options={OPTIONS} hint="One or more" />
      <button type="submit">Save</button>
    </Form>
  );
}

describe('CheckboxGroupFormField', () => {
  it("stores the ticked values in the options' order, whatever order they were ticked in", async () => {
    submitted = [];
    render(<ColourForm colours={['blue']} />);
    expect(screen.getByRole('group', { name: 'Colours' })).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Red' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Green' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Green' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual([{ colours: ['red', 'blue'] }]);
  });

  it("shows the schema's message for the list in place of the hint, and refuses to submit", async () => {
    submitted = [];
    render(<ColourForm colours={['red']} />);
    expect(screen.getByText('One or more')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Red' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Pick a colour')).toBeTruthy();
    expect(screen.queryByText('One or more')).toBeNull();
    expect(submitted).toEqual([]);
  });
});
