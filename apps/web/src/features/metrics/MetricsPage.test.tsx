import type { CreateMetricRequestInput, Metric } from '@console/domain/experiment';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../../test/fakeApi.ts';
import { renderInConsole } from '../abtest/abtest.test-support.tsx';
import { aMetric } from '../abtest/results/results.test-support.ts';
import { MetricsPage } from './MetricsPage.tsx';

const revenue = aMetric({
  id: 'revenue',
  name: 'Revenue',
  kind: 'revenue',
  event: 'purchase',
  conversionWindowDays: null,
  guardrail: true,
});

/** A fake API keeping the environment's metrics; `refuse` answers a create or save instead. */
function fakeMetricsApi(initial: Metric[] = [aMetric(), revenue], refuse?: () => ReturnType<typeof fail>) {
  let metrics = initial;
  const api = fakeApi({
    '/api/experiment/metric/list': ({ body }) =>
      ok(
        metrics.filter(
          (metric) => (body as { includeArchived?: boolean }).includeArchived || !metric.archived,
        ),
      ),
    '/api/experiment/metric/create': ({ body }) => {
      if (refuse) return refuse();
      const request = body as CreateMetricRequestInput;
      const created = aMetric({
        ...request,
        denominatorEvent: request.denominatorEvent ?? null,
        conversionWindowDays: request.conversionWindowDays ?? null,
      });
      metrics = [...metrics, created];
      return ok(created);
    },
    '/api/experiment/metric/save': ({ body }) => {
      if (refuse) return refuse();
      const request = body as Partial<Metric> & { id: string };
      metrics = metrics.map((metric) => (metric.id === request.id ? { ...metric, ...request } : metric));
      return ok(metrics.find((metric) => metric.id === request.id));
    },
    '/api/experiment/metric/archive': ({ body }) => {
      const request = body as { id: string; archived: boolean };
      metrics = metrics.map((metric) =>
        metric.id === request.id ? { ...metric, archived: request.archived } : metric,
      );
      return ok(metrics.find((metric) => metric.id === request.id));
    },
  });
  return api;
}

const rowNames = () => {
  const table = screen.getByRole('table', { name: 'Metrics' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
};

describe('Metrics page', () => {
  it('lists the metrics with what each reads, its direction and marks', async () => {
    fakeMetricsApi();
    renderInConsole(<MetricsPage />, { path: '/metric' });
    const table = await screen.findByRole('table', { name: 'Metrics' });
    const [purchase, revenueRow] = within(table).getAllByRole('row').slice(1);
    expect(
      within(purchase!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 6),
    ).toEqual(['Purchase rate', 'purchase', 'Conversion', 'purchase within 7 days', 'Higher', '']);
    expect(within(revenueRow!).getByText('Guardrail')).toBeTruthy();
  });

  it('creates a ratio metric: the denominator event appears for a ratio, the window only for a conversion', async () => {
    const api = fakeMetricsApi([]);
    renderInConsole(<MetricsPage />, { path: '/metric' });
    await userEvent.click(await screen.findByRole('button', { name: 'Create metric' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create metric' });
    expect(within(dialog).getByLabelText(/Conversion window \(days\)/)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/^ID/), 'arpdau');
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Revenue per session');
    await userEvent.click(within(dialog).getByLabelText('Kind'));
    await userEvent.click(await screen.findByRole('option', { name: 'Ratio' }));
    expect(within(dialog).queryByLabelText(/Conversion window/)).toBeNull();
    await userEvent.type(within(dialog).getByLabelText(/^Numerator event/), 'purchase');
    await userEvent.type(within(dialog).getByLabelText(/^Denominator event/), 'session');
    await userEvent.click(within(dialog).getByLabelText('Guardrail (a metric the test must not harm)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByText('Metric Revenue per session created');
    expect(api.callsTo('/api/experiment/metric/create').map((call) => call.body)).toEqual([
      {
        id: 'arpdau',
        name: 'Revenue per session',
        kind: 'ratio',
        event: 'purchase',
        denominatorEvent: 'session',
        higherIsBetter: true,
        guardrail: true,
      },
    ]);
    await waitFor(() => expect(rowNames()).toEqual(['Revenue per session']));
  });

  it('refuses in the browser what the domain schema refuses, naming the field by its label', async () => {
    const api = fakeMetricsApi([]);
    renderInConsole(<MetricsPage />, { path: '/metric' });
    await userEvent.click(await screen.findByRole('button', { name: 'Create metric' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create metric' });
    await userEvent.type(within(dialog).getByLabelText(/^ID/), 'retention');
    await userEvent.type(within(dialog).getByLabelText(/^Event/), 'bad event!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name must not be empty')).toBeTruthy();
    expect(
      within(dialog).getByText("Event may contain only letters, digits, '_', '-', '.' and ':'"),
    ).toBeTruthy();
    expect(api.callsTo('/api/experiment/metric/create')).toEqual([]);
  });

  it("shows the server's 400 under the field it names", async () => {
    fakeMetricsApi([], () => fail(400, 'name: name must be at most 100 characters'));
    renderInConsole(<MetricsPage />, { path: '/metric' });
    await userEvent.click(await screen.findByRole('button', { name: 'Create metric' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create metric' });
    await userEvent.type(within(dialog).getByLabelText(/^ID/), 'retention');
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Day-7 retention');
    await userEvent.type(within(dialog).getByLabelText(/^Event/), 'session');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const name = within(dialog).getByLabelText(/^Name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Name must be at most 100 characters')).toBeTruthy();
    expect(document.activeElement).toBe(name);
  });

  it('edits the name and marks of a metric, and archives and restores it', async () => {
    const api = fakeMetricsApi();
    renderInConsole(<MetricsPage />, { path: '/metric' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Purchase rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit metric' });
    expect(within(dialog).getByText('purchase: Conversion of purchase within 7 days (fixed)')).toBeTruthy();
    const name = within(dialog).getByLabelText(/^Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Buyers');
    await userEvent.click(within(dialog).getByLabelText('Higher is better'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Metric Buyers saved');
    expect(api.callsTo('/api/experiment/metric/save').map((call) => call.body)).toEqual([
      { id: 'purchase', name: 'Buyers', higherIsBetter: false, guardrail: false },
    ]);
    await waitFor(() => expect(rowNames()).toEqual(['Buyers', 'Revenue']));

    await userEvent.click(screen.getByRole('button', { name: 'Archive Buyers' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Archive metric Buyers?' });
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Yes' }));
    await screen.findByText('Metric Buyers archived');
    await waitFor(() => expect(rowNames()).toEqual(['Revenue']));

    await userEvent.click(screen.getByRole('switch', { name: 'Show archived metrics' }));
    await waitFor(() => expect(rowNames()).toEqual(['Buyers', 'Revenue']));
    await userEvent.click(screen.getByRole('button', { name: 'Restore Buyers' }));
    await screen.findByText('Metric Buyers restored');
    expect(api.callsTo('/api/experiment/metric/archive').map((call) => call.body)).toEqual([
      { id: 'purchase', archived: true },
      { id: 'purchase', archived: false },
    ]);
  });
});
