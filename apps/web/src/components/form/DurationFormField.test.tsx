import { MAX_ACTIVATION_DURATION_SECONDS } from '@console/domain/config';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FieldValues, FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { DurationFormField } from './DurationFormField.tsx';

const LABEL = 'Cooldown';
let form: ReturnType<typeof useForm<FieldValues>> | undefined;

function DurationForm({ seconds, max }: { seconds?: number; max?: number }) {
  const current = useForm<FieldValues>({ defaultValues: { activation: { cooldown: seconds } } });
  form = current;
  return (
    <FormProvider {...current}>
      <DurationFormField name="activation.cooldown" label={LABEL} max={max} />
      <button type="button">elsewhere</button>
    </FormProvider>
  );
}

const input = () => screen.getByRole('textbox', { name: LABEL }) as HTMLInputElement;
const stored = () => form?.getValues('activation.cooldown') as unknown;

async function typeInto(text: string) {
  const user = userEvent.setup();
  await user.clear(input());
  await user.type(input(), text);
  return user;
}

describe('DurationFormField', () => {
  it('shows stored seconds in their shortest form', () => {
    render(<DurationForm seconds={5_400} />);
    expect(input().value).toBe('90m');
    expect(screen.getByText('5,400 seconds')).toBeTruthy();
  });

  it.each([
    ['90m', 5_400, '90m'],
    ['2 hours', 7_200, '2h'],
    ['1d', 86_400, '1d'],
    ['30 sec', 30, '30s'],
    ['1.5h', 5_400, '90m'],
  ])('stores %s as %i seconds and shows %s once left', async (text, seconds, shown) => {
    render(<DurationForm seconds={0} />);
    const user = await typeInto(text);
    expect(stored()).toBe(seconds);
    expect(input().value).toBe(text);
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(input().value).toBe(shown);
  });

  it('marks text the grammar refuses with a message naming the field, storing no seconds', async () => {
    render(<DurationForm seconds={60} />);
    await typeInto('2 weeks');
    expect(screen.getByText(/^Cooldown must be a number followed by s, m, h, d/)).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(stored()).toBeNaN();
    await typeInto('1.5s');
    expect(screen.getByText('Cooldown must be a whole number of seconds')).toBeTruthy();
  });

  it('caps a duration above its maximum', async () => {
    render(<DurationForm seconds={0} max={MAX_ACTIVATION_DURATION_SECONDS} />);
    const user = await typeInto('400d');
    expect(stored()).toBe(MAX_ACTIVATION_DURATION_SECONDS);
    expect(screen.getByText('31,536,000 seconds (at most 365d)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(input().value).toBe('365d');
  });

  it('follows a value set from outside (a loaded configuration)', () => {
    render(<DurationForm seconds={60} />);
    expect(input().value).toBe('1m');
    act(() => form?.reset({ activation: { cooldown: 3_600 } }));
    expect(input().value).toBe('1h');
  });

  it('starts empty without a message when no value is set', () => {
    render(<DurationForm />);
    expect(input().value).toBe('');
    expect(input().getAttribute('aria-invalid')).toBe('false');
  });
});
