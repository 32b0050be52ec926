import { activationSettingsSchema } from '@console/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FieldValues, FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { NumberField, type NumberFieldProps } from './NumberField.tsx';

let form: ReturnType<typeof useForm<FieldValues>> | undefined;

function NumberForm(props: NumberFieldProps) {
  const current = useForm<FieldValues>({ defaultValues: { data: {}, activation: {} } });
  form = current;
  return (
    <FormProvider {...current}>
      <NumberField {...props} />
    </FormProvider>
  );
}

const input = (label: string) => screen.getByRole('spinbutton', { name: label }) as HTMLInputElement;

describe('NumberField', () => {
  it("takes its bounds and step from the kind's schema and shows the range", () => {
    render(<NumberForm name="data.bot.prs" label="Progress Rate per second" kind="ar" />);
    const rate = input('Progress Rate per second');
    expect([rate.min, rate.max, rate.step]).toEqual(['0', '100', 'any']);
    expect(screen.getByText('0-100')).toBeTruthy();
  });

  it('takes its bounds from a given schema outside the data', () => {
    render(
      <NumberForm
        name="activation.minLevel"
        label="Minimum level"
        kind="ar"
        schema={activationSettingsSchema.shape.minLevel}
      />,
    );
    expect([input('Minimum level').min, input('Minimum level').step]).toEqual(['1', '1']);
  });

  it('stores a number, and nothing for an emptied optional field', async () => {
    const user = userEvent.setup();
    render(<NumberForm name="data.tiers.0.matchmaking.groupSize" label="Group size" kind="ar" isOptional />);
    await user.type(input('Group size'), '12');
    expect(form?.getValues('data.tiers.0.matchmaking.groupSize')).toBe(12);
    await user.clear(input('Group size'));
    expect(form?.getValues('data.tiers.0.matchmaking.groupSize')).toBeUndefined();
  });

  it('stores NaN for an emptied required field, which the schema calls not a number', async () => {
    const user = userEvent.setup();
    render(<NumberForm name="data.scoreTarget" label="Race length" kind="ar" />);
    await user.type(input('Race length'), '3');
    await user.clear(input('Race length'));
    expect(form?.getValues('data.scoreTarget')).toBeNaN();
  });
});
