import type { CreatedWebhook, Webhook, WebhookDelivery } from '@console/domain/webhooks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatRecentTime } from '../../components/format.ts';
import { fail, fakeApi, type Handler, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const CI_HOOK: Webhook = {
  id: 'wh-1',
  name: 'ci cache',
  url: 'https://ci.example.com/hooks/console',
  events: ['runtime.revision.published', 'runtime-key.revoked'],
  format: 'standard',
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  created: Date.UTC(2026, 11, 1, 9),
  createdBy: 'op@example.com',
  lastDelivery: { at: Date.UTC(2026, 0, 5, 12, 1, 2), status: 200, isSuccess: true },
};
const SLACK_HOOK: Webhook = {
  ...CI_HOOK,
  id: 'wh-2',
  name: 'team-chat',
  url: 'https://hooks.slack.example/T1/B2',
  events: ['environment.created'],
  format: 'slack',
  enabled: false,
  disabledReason: 'Disabled after 7 failed attempts over about a day; the last one: HTTP 410',
  disabledAt: Date.UTC(2026, 11, 2, 9),
  lastDelivery: null,
};
const TEST_DELIVERY: WebhookDelivery = {
  id: 'msg_2rT',
  type: 'webhook.test',
  created: Date.UTC(2026, 0, 5, 12, 0, 0),
  state: 'delivered',
  attempts: [
    {
      at: Date.UTC(2026, 0, 5, 12, 0, 1),
      status: 500,
      latencyMs: 35,
      response: 'upstream busy',
      isSuccess: false,
    },
    {
      at: Date.UTC(2026, 0, 5, 12, 1, 2),
      status: 200,
      latencyMs: 12,
      response: '{"ok":true}',
      isSuccess: true,
    },
  ],
};

function serve(handlers: Record<string, Handler> = {}, role: 'admin' | 'operator' = 'admin') {
  return fakeApi({
    '/api/auth/me': () => signedInAs('op@example.com', role),
    '/api/configuration/list': () => ok(['dev', 'stable', 'prod']),
    '/api/webhooks/list': () => ok([CI_HOOK, SLACK_HOOK]),
    '/api/webhooks/deliveries': (call) =>
      ok((call.body as { id: string }).id === CI_HOOK.id ? [TEST_DELIVERY] : []),
    ...handlers,
  });
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Webhooks (environment menu)', () => {
  it("lists the environment's subscriptions with their last delivery and why the console disabled one", async () => {
    const api = serve();
    renderApp('/webhooks');
    const table = await screen.findByRole('table', { name: 'Webhook subscriptions' });
    await within(table).findByText('OK, HTTP 200');
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows.map(cellsOf).map((cells) => cells.slice(1, 5))).toEqual([
      [
        `ci cache${CI_HOOK.url}`,
        `OK, HTTP 200${formatRecentTime(CI_HOOK.lastDelivery!.at, Date.now())}`,
        'Revision published, Runtime key revoked',
        'Standard Webhooks',
      ],
      [`team-chat${SLACK_HOOK.url}`, `None yet${SLACK_HOOK.disabledReason}`, 'Environment created', 'Slack'],
    ]);
    expect(screen.getByRole('switch', { name: 'ci cache enabled' })).toHaveProperty('checked', true);
    expect(screen.getByRole('switch', { name: 'team-chat enabled' })).toHaveProperty('checked', false);
    // The list carries each one's last delivery: no call per row.
    expect(api.callsTo('/api/webhooks/deliveries')).toEqual([]);
  });

  it('creates a subscription checked by the domain schema and shows its secret once, with Copy', async () => {
    const created: CreatedWebhook = { ...CI_HOOK, id: 'wh-3', name: 'audit-sink', secret: 'whsec_c2VjcmV0' };
    const api = serve({ '/api/webhooks/create': () => ok(created) });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderApp('/webhooks');
    await userEvent.click(await screen.findByRole('button', { name: 'New subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'New subscription' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    // the browser refuses what the server would: the same schema's messages, by the fields' labels
    expect(await within(dialog).findByText('Name must not be empty')).toBeTruthy();
    expect(within(dialog).getByText('Events must name at least one event type')).toBeTruthy();
    expect(api.callsTo('/api/webhooks/create')).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'audit-sink');
    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    await userEvent.clear(url);
    await userEvent.type(url, 'https://sink.example.com/in');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^Role changed/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^Revision published/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    const secret = await screen.findByRole('dialog', { name: 'Signing secret of audit-sink' });
    expect(api.callsTo('/api/webhooks/create').map((call) => call.body)).toEqual([
      {
        name: 'audit-sink',
        url: 'https://sink.example.com/in',
        events: ['runtime.revision.published', 'user.role.changed'],
        format: 'standard',
        enabled: true,
      },
    ]);
    expect(within(secret).getByText('whsec_c2VjcmV0')).toBeTruthy();
    expect(secret.textContent).toContain('you will not see it again');
    await userEvent.click(within(secret).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('whsec_c2VjcmV0');
    expect(await within(secret).findByText('Copied to the clipboard.')).toBeTruthy();
    await userEvent.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('whsec_c2VjcmV0')).toBeNull());
  });

  it("shows the server's refusal of the URL on the URL field, and keeps the dialog open", async () => {
    // the server's own rule, after resolving the host: the browser cannot check it
    const refusal = 'must reach a public address: ci.example.com resolves to 10.0.0.8, a private address';
    serve({ '/api/webhooks/save': () => fail(400, `url ${refusal}`) });
    renderApp('/webhooks');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit ci cache' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit subscription ci cache' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(`URL ${refusal}`)).toBeTruthy();
    expect(document.activeElement).toBe(url);
  });

  it('replaces a secret after asking, and shows the new one once', async () => {
    const api = serve({ '/api/webhooks/rotate': () => ok({ ...CI_HOOK, secret: 'whsec_bmV3' }) });
    renderApp('/webhooks');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit ci cache' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit subscription ci cache' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace secret' }));
    const confirmation = await screen.findByRole('dialog', {
      name: 'Replace the signing secret of ci cache?',
    });
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Yes' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret of ci cache' });
    expect(within(secret).getByText('whsec_bmV3')).toBeTruthy();
    expect(api.callsTo('/api/webhooks/rotate').map((call) => call.body)).toEqual([{ id: 'wh-1' }]);
    expect(api.callsTo('/api/webhooks/save')).toEqual([]);
  });

  it('shows a delivery log from the URL, each attempt newest first, and redelivers', async () => {
    const api = serve({ '/api/webhooks/redeliver': () => ok(TEST_DELIVERY) });
    const timeZone = process.env.TZ;
    process.env.TZ = 'Asia/Kolkata'; // UTC+05:30 all year
    let cells: (string | null)[][];
    try {
      renderApp('/webhooks?subscription=wh-1');
      const table = await screen.findByRole('table', { name: 'Delivery log of ci cache' });
      cells = within(table).getAllByRole('row').slice(1).map(cellsOf);
    } finally {
      if (timeZone === undefined) Reflect.deleteProperty(process.env, 'TZ');
      else process.env.TZ = timeZone;
    }
    expect(cells.map((row) => row.slice(2, 6))).toEqual([
      ['2', 'OK, HTTP 200', '12 ms', '{"ok":true}'],
      ['1', 'Failed, HTTP 500', '35 ms', 'upstream busy'],
    ]);
    // the operator's own clock, to the second, with its offset
    expect(cells.map((row) => row[0])).toEqual([
      '2026-01-05 17:31:02 (UTC+05:30)',
      '2026-01-05 17:30:01 (UTC+05:30)',
    ]);
    const log = screen.getByRole('table', { name: 'Delivery log of ci cache' });
    expect(within(log).getByRole('region', { name: 'Answer to attempt 2 of msg_2rT' }).tagName).toBe('PRE');
    // one Redeliver per delivery, on its newest attempt
    const redeliver = within(log).getAllByRole('button', { name: /^Redeliver/ });
    expect(redeliver).toHaveLength(1);
    await userEvent.click(redeliver[0]!);
    await screen.findByText('Redelivery queued: the log shows its attempt');
    expect(api.callsTo('/api/webhooks/redeliver').map((call) => call.body)).toEqual([
      { id: 'wh-1', delivery: 'msg_2rT' },
    ]);
  });

  it('sends a test event and opens that delivery log; disables, and deletes after asking', async () => {
    const api = serve({
      '/api/webhooks/test': () => ok({ ...TEST_DELIVERY, state: 'pending', attempts: [] }),
      '/api/webhooks/save': (call) => ok({ ...SLACK_HOOK, ...(call.body as object) }),
      '/api/webhooks/delete': () => ok(SLACK_HOOK),
    });
    renderApp('/webhooks');
    await userEvent.click(await screen.findByRole('button', { name: 'Send test event to ci cache' }));
    await screen.findByRole('table', { name: 'Delivery log of ci cache' });
    expect(window.location.search).toBe('?subscription=wh-1');
    expect(api.callsTo('/api/webhooks/test').map((call) => call.body)).toEqual([{ id: 'wh-1' }]);

    // (the toasts queue behind the test event's: the calls are awaited instead)
    await userEvent.click(screen.getByRole('switch', { name: 'team-chat enabled' }));
    await waitFor(() => expect(api.callsTo('/api/webhooks/save')).toHaveLength(1));
    expect(api.callsTo('/api/webhooks/save').map((call) => call.body)).toEqual([
      {
        id: 'wh-2',
        name: 'team-chat',
        url: SLACK_HOOK.url,
        events: ['environment.created'],
        format: 'slack',
        enabled: true,
      },
    ]);

    await userEvent.click(within(rowOf('team-chat')).getByRole('button', { name: 'Delete team-chat' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Delete subscription team-chat?' });
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.callsTo('/api/webhooks/delete')).toHaveLength(1));
    expect(api.callsTo('/api/webhooks/delete').map((call) => call.body)).toEqual([{ id: 'wh-2' }]);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New subscription' })),
    );
  });

  it("offers an operator the menu entry and the screen's controls disabled, saying admins manage them", async () => {
    const api = serve({}, 'operator');
    renderApp('/levels');
    await screen.findByRole('heading', { name: 'Levels' });
    await userEvent.click(screen.getByRole('button', { name: /^Environment:/ }));
    const entry = await screen.findByRole('menuitem', { name: 'Webhooks' });
    expect(entry.getAttribute('aria-disabled')).toBe('true');
    await userEvent.keyboard('{Escape}');

    window.history.pushState(null, '', '/webhooks');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await screen.findByRole('heading', { name: 'Webhooks', level: 1 });
    expect(screen.getByRole('button', { name: 'New subscription' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Requires admin rights in dev: ask an admin of dev.')).toBeTruthy();
    // told, not refused: the list is not asked for
    expect(api.callsTo('/api/webhooks/list')).toEqual([]);
  });
});
