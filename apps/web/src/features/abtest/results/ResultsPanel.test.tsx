import { type ActivateVersionRequest, activateVersion } from '@console/domain/abtest';
import { AbTestType } from '@console/domain/enums';
import type { DecideRequestInput, ResultsRequestInput } from '@console/domain/experiment';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Handler, ok, signedInAs } from '../../../test/fakeApi.ts';
import { requestDetails } from '../../change-requests/changeRequests.test-support.ts';
import { fakeAbTestApi, renderAbTestDetailsPage } from '../AbTestDetailsPage.test-support.tsx';
import { anAbTest, aVersion } from '../abtest.test-support.tsx';
import { aDecision, aMetric, aWinningResult, someResults } from './results.test-support.ts';

const twoCases = anAbTest({
  data: { version: 0, cases: [500_000, 500_000], versions: [aVersion(0, [500_000, 500_000], true)] },
});

function renderResults(results: Handler, abTest = twoCases, handlers: Record<string, Handler> = {}) {
  const api = fakeAbTestApi(abTest, {
    '/api/experiment/results/get': results,
    '/api/experiment/results/decisions': () => ok([]),
    ...handlers,
  });
  renderAbTestDetailsPage(abTest.id);
  return api;
}

const panel = () => screen.findByRole('region', { name: 'Results' });

describe('A/B-test results panel', () => {
  it("shows per case the exposed players, each metric's value, change, p-value and chance, and the plot", async () => {
    const api = renderResults(() => ok(someResults()));
    const results = await panel();
    const exposed = await within(results).findByRole('table', { name: 'Exposed players' });
    const exposedRows = within(exposed).getAllByRole('row').slice(1);
    expect(exposedRows.map((row) => row.textContent)).toEqual([
      'Case 1 (control)5,000Ship Case 1',
      'Case 25,000Ship Case 2',
    ]);
    const table = within(results).getByRole('table', { name: 'Results of Purchase rate' });
    const [control, treatment] = within(table).getAllByRole('row').slice(1);
    expect(
      within(control!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['10.0% (9.2% to 10.8%)', '—', '—', '—', 'Control']);
    expect(
      within(treatment!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12.0% (11.1% to 12.9%)', '+20.0% (+7.0% to +33.0%)', '0.001', '99.9%', 'Better']);
    // the forest plot and its text alternative
    const plot = within(results).getByRole('img', {
      name: 'Change of Purchase rate against Case 1 (control): Case 2 +20.0% (95% interval +7.0% to +33.0%), better than the control.',
    });
    expect(plot.querySelector('[data-verdict="better"] circle')).not.toBeNull();
    expect(within(results).getByText(/^Method: Sequential\. Always-valid intervals/)).toBeTruthy();
    expect(within(results).queryByRole('alert', { name: 'Sample ratio mismatch' })).toBeNull();
    expect(api.callsTo('/api/experiment/results/get').map((call) => call.body)).toEqual([
      { abTestId: 'spring-sale', version: 0, method: 'sequential' },
    ]);
  });

  it('switches to the fixed-horizon method and names it', async () => {
    const api = renderResults(({ body }) => {
      const method = (body as ResultsRequestInput).method ?? 'sequential';
      return ok(someResults({ method, methodDescription: `${method} words.` }));
    });
    const results = await panel();
    await within(results).findByText('Method: Sequential. sequential words.');
    await userEvent.click(within(results).getByRole('button', { name: 'Fixed horizon' }));
    await within(results).findByText('Method: Fixed horizon. fixed-horizon words.');
    expect(api.callsTo('/api/experiment/results/get').at(-1)?.body).toEqual({
      abTestId: 'spring-sale',
      version: 0,
      method: 'fixed-horizon',
    });
    expect(within(results).getByRole('button', { name: 'Fixed horizon' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('warns of a sample ratio mismatch with the split expected and the split that came', async () => {
    renderResults(() =>
      ok(
        someResults({
          cases: [
            { caseIndex: 0, players: 5600 },
            { caseIndex: 1, players: 4400 },
          ],
          srm: { pValue: 0.00000012, isMismatch: true, threshold: 0.001 },
        }),
      ),
    );
    const warning = await within(await panel()).findByRole('alert', { name: 'Sample ratio mismatch' });
    expect(warning.textContent).toContain('Sample ratio mismatch: do not act on these results yet');
    expect(warning.textContent).toContain('splits players Case 1 (control) 50.00%, Case 2 50.00%');
    expect(warning.textContent).toContain(
      'came Case 1 (control) 56.00%, Case 2 44.00% (chi-square p = < 0.001)',
    );
    expect(warning.textContent).toContain('Find and fix the cause before shipping a case');
  });

  it('says so when no player is exposed yet, and when a metric has not enough data', async () => {
    let answer = someResults({
      cases: [
        { caseIndex: 0, players: 0 },
        { caseIndex: 1, players: 0 },
      ],
      players: 0,
      srm: { pValue: null, isMismatch: false, threshold: 0.001 },
      metrics: [],
    });
    renderResults(() => ok(answer));
    const results = await panel();
    await within(results).findByText(/^No results yet: no player of version 0 has been exposed/);
    expect(within(results).queryByRole('button', { name: /^Ship/ })).toBeNull();

    answer = someResults({
      metrics: [
        {
          ...aWinningResult(),
          status: 'not-enough-data',
          shortfalls: [
            { caseIndex: 0, reason: 'too-few-exposed' },
            { caseIndex: 1, reason: 'too-few-conversions' },
          ],
          cases: [],
        },
      ],
    });
    await userEvent.click(within(results).getByRole('button', { name: 'Fixed horizon' }));
    await within(results).findByText(
      'Not enough data yet for Purchase rate (Case 1 (control): too few exposed players; Case 2: too few ' +
        'players converted (or too few did not)). The numbers fill in as the test runs.',
    );
  });

  it('ships a case: a new version giving it 100%, activated, and the decision recorded', async () => {
    let abTest = twoCases;
    const api = renderResults(() => ok(someResults()), twoCases, {
      '/api/abtest/get': () => ok(abTest),
      '/api/abtest/versions/save': ({ body }) => ok(aVersion(1, (body as { weights: number[] }).weights)),
      '/api/abtest/activate/version': ({ body }) => {
        const data = { ...abTest.data, versions: [...abTest.data.versions, aVersion(1, [0, 1_000_000])] };
        abTest = { ...abTest, data: activateVersion(data, (body as ActivateVersionRequest).version) };
        return ok(abTest);
      },
      '/api/experiment/results/decide': () => ok(aDecision(1)),
    });
    const results = await panel();
    await userEvent.click(await within(results).findByRole('button', { name: 'Ship Case 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship Case 2?' });
    expect(dialog.textContent).toContain(
      "A new version of AB-test 'spring-sale' gives Case 2 100% of its players",
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await screen.findByText('Case 2 shipped: it now serves every player of AB-test spring-sale');
    expect(api.callsTo('/api/abtest/versions/save').map((call) => call.body)).toEqual([
      { id: 'spring-sale', weights: [0, 1_000_000] },
    ]);
    expect(api.callsTo('/api/abtest/activate/version').map((call) => call.body)).toEqual([
      { id: 'spring-sale', version: 1 },
    ]);
    expect(
      api.callsTo('/api/experiment/results/decide').map((call) => call.body as DecideRequestInput),
    ).toEqual([
      { abTestId: 'spring-sale', version: 0, caseIndex: 1, method: 'sequential', source: 'events' },
    ]);
    // the panel stays on the version the decision rested on, not the shipping version now current
    await waitFor(() =>
      expect(
        api
          .callsTo('/api/experiment/results/get')
          .every((call) => (call.body as ResultsRequestInput).version === 0),
      ).toBe(true),
    );
  });

  it('says before shipping which guardrail the case harms, and that the split is off', async () => {
    const crashes = aWinningResult(
      aMetric({ id: 'crashes', name: 'Crash rate', higherIsBetter: false, guardrail: true }),
    );
    const api = renderResults(() =>
      ok(
        someResults({
          metrics: [aWinningResult(), crashes],
          srm: { pValue: 0.0004, isMismatch: true, threshold: 0.001 },
        }),
      ),
    );
    await userEvent.click(await within(await panel()).findByRole('button', { name: 'Ship Case 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship Case 2?' });
    expect(dialog.textContent).toContain(
      'Case 2 is worse than the control on the guardrail Crash rate. These results show a sample ratio mismatch.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ship Case 2?' })).toBeNull());
    expect(api.callsTo('/api/abtest/versions/save')).toEqual([]);
    expect(api.callsTo('/api/experiment/results/decide')).toEqual([]);
  });

  it('in an environment that requires review, proposes the rollout in the change request and records the decision', async () => {
    const me = signedInAs('op@example.com', 'operator');
    const reviewed = {
      ...(me.body as { payload: object }).payload,
      environments: [
        {
          id: 'dev',
          role: 'operator',
          isProtected: false,
          review: { isRequired: true, approvals: 1, allowSelfApproval: false, resetApprovalsOnChange: true },
        },
      ],
    };
    const api = renderResults(() => ok(someResults()), twoCases, {
      '/api/auth/me': () => ok(reviewed),
      '/api/change-request/open': () => ok(requestDetails({ id: 12, environment: 'dev' })),
      '/api/abtest/versions/save': ({ body }) => ok(aVersion(1, (body as { weights: number[] }).weights)),
      '/api/abtest/activate/version': () => ok(twoCases),
      '/api/experiment/results/decide': () => ok(aDecision(1)),
    });
    await userEvent.click(await within(await panel()).findByRole('button', { name: 'Ship Case 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship Case 2?' });
    expect(dialog.textContent).toContain(
      'dev requires review: the rollout is proposed in your change request and made once it is applied.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await screen.findByText('Case 2 proposed in change request 12 of dev');
    await screen.findByRole('button', { name: 'Open change request' });
    // the rollout's calls in the request's branch; the decision in the environment itself
    const where = (path: string) => api.callsTo(path).map((call) => [call.configuration, call.body]);
    expect(where('/api/change-request/open')).toEqual([['dev', {}]]);
    expect(where('/api/abtest/versions/save')).toEqual([
      ['dev~cr-12', { id: 'spring-sale', weights: [0, 1_000_000] }],
    ]);
    expect(where('/api/abtest/activate/version')).toEqual([['dev~cr-12', { id: 'spring-sale', version: 1 }]]);
    expect(where('/api/experiment/results/decide')).toEqual([
      ['dev', { abTestId: 'spring-sale', version: 0, caseIndex: 1, method: 'sequential', source: 'events' }],
    ]);
  });

  it('ships a rollout case through the rollout: 100% treatment for Case 2', async () => {
    const rollout = anAbTest({
      data: {
        type: AbTestType.Rollout,
        version: 0,
        cases: [700_000, 300_000],
        versions: [aVersion(0, [700_000, 300_000], true)],
      },
    });
    const api = renderResults(() => ok(someResults({ weights: [700_000, 300_000] })), rollout, {
      '/api/abtest/rollout/apply': () => ok(rollout),
      '/api/experiment/results/decide': () => ok(aDecision(1)),
    });
    await userEvent.click(await within(await panel()).findByRole('button', { name: 'Ship Case 2' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Ship Case 2?' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    await waitFor(() => expect(api.callsTo('/api/experiment/results/decide')).toHaveLength(1));
    expect(api.callsTo('/api/abtest/rollout/apply').map((call) => call.body)).toEqual([
      { id: 'spring-sale', treatment: 100 },
    ]);
    expect(api.callsTo('/api/abtest/versions/save')).toEqual([]);
  });

  it('reads a lower-is-better metric the other way: a drop is better', async () => {
    const metric = aMetric({ id: 'churn', name: 'Churn', higherIsBetter: false });
    const result = aWinningResult(metric);
    renderResults(() =>
      ok(
        someResults({
          metrics: [
            {
              ...result,
              cases: result.cases.map((entry) =>
                entry.change
                  ? {
                      ...entry,
                      change: { ...entry.change, relative: -0.2, interval: { low: -0.33, high: -0.07 } },
                    }
                  : entry,
              ),
            },
          ],
        }),
      ),
    );
    const results = await panel();
    await within(results).findByRole('img', { name: /Case 2 −20\.0% .*better than the control\.$/ });
    expect(within(results).getByText('(conversion, lower is better)')).toBeTruthy();
  });
});
