import { configItemInputSchemaOf } from '@console/domain/config';
import { setProgressionRequestSchema } from '@console/domain/operations';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldValues } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { FormScope } from './FormScope.tsx';
import { NumberFormField, type NumberFormFieldProps } from './NumberFormField.tsx';
import { type SchemaForm, useSchemaForm } from './useSchemaForm.ts';

let form: SchemaForm<FieldValues, unknown> | undefined;

function NumberForm({
  schema,
  ...props
}: NumberFormFieldProps & { schema: z.ZodType<FieldValues, FieldValues> }) {
  const current = useSchemaForm(schema, { defaultValues: { data: {}, activation: {} } });
  form = current;
  return (
    <FormScope form={current}>
      <NumberFormField {...props} />
    </FormScope>
  );
}

const race = configItemInputSchemaOf('ar');
const input = (label: string) => screen.getByRole('spinbutton', { name: label }) as HTMLInputElement;

describe('NumberFormField', () => {
  it("takes its bounds and step from the form's schema and shows the range", () => {
    render(<NumberForm schema={race} name="data.bot.prs" label="Progress Rate per second" />);
    const rate = input('Progress Rate per second');
    expect([rate.min, rate.max, rate.step]).toEqual(['0', '100', 'any']);
    expect(screen.getByText('0-100')).toBeTruthy();
  });

  it('reads a field outside the data from the same schema; a bound as large as storage is not shown', () => {
    render(<NumberForm schema={race} name="activation.minLevel" label="Minimum level" />);
    expect([input('Minimum level').min, input('Minimum level').step]).toEqual(['1', '1']);
    expect(screen.getByText('At least 1')).toBeTruthy();
  });

  it("takes an operations form's bounds from its request schema", () => {
    render(<NumberForm schema={setProgressionRequestSchema} name="streak" label="Streak" />);
    expect([input('Streak').min, input('Streak').max]).toEqual(['0', '4']);
  });

  it('stores a number, and nothing for an emptied optional field', async () => {
    const user = userEvent.setup();
    render(
      <NumberForm schema={race} name="data.tiers.0.matchmaking.groupSize" label="Group size" isOptional />,
    );
    await user.type(input('Group size'), '12');
    expect(form?.getValues('data.tiers.0.matchmaking.groupSize')).toBe(12);
    await user.clear(input('Group size'));
    expect(form?.getValues('data.tiers.0.matchmaking.groupSize')).toBeUndefined();
  });

  it('stores NaN for an emptied required field, which the schema calls not a number', async () => {
    const user = userEvent.setup();
    render(<NumberForm schema={race} name="data.scoreTarget" label="Race length" />);
    await user.type(input('Race length'), '3');
    await user.clear(input('Race length'));
    expect(form?.getValues('data.scoreTarget')).toBeNaN();
  });
});
