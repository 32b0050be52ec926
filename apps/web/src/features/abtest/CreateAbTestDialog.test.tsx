import { ABTEST_MESSAGES } from '@console/domain/abtest';
import { AbTestType } from '@console/domain/enums';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../test/fakeApi.ts';
import { anAbTest, renderInConsole } from './abtest.test-support.tsx';
import { CreateAbTestDialog } from './CreateAbTestDialog.tsx';

const idField = () => screen.getByRole('textbox', { name: 'ID' }) as HTMLInputElement;
const suggested = (id: string) => waitFor(() => expect(idField().value).toBe(id));
const createButton = () => screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;

function renderDialog(existing: string[] = []) {
  const suggestions = ['brave-otter', 'amber-beacon'];
  const api = fakeApi({
    '/api/id/words/2': () => ok(suggestions.shift() ?? 'no-more'),
    '/api/abtest/create': ({ body }) => ok(anAbTest(body as object)),
  });
  // The existence check's path carries the id.
  const fetchMock = api.fetchMock.getMockImplementation()!;
  api.fetchMock.mockImplementation(async (input, init) => {
    const match = /\/api\/id\/exist\/abtest\/([^?]+)/.exec(String(input));
    if (!match) return fetchMock(input, init);
    api.calls.push({ path: `/api/id/exist/abtest/${match[1]}`, configuration: 'dev', body: undefined });
    const exists = existing.includes(decodeURIComponent(match[1]!));
    return new Response(JSON.stringify({ payload: { exists } }), { status: 200 });
  });
  const onClose = vi.fn();
  renderInConsole(<CreateAbTestDialog open onClose={onClose} />);
  return { api, onClose };
}

describe('Create AB-test modal', () => {
  it('offers a two-word suggestion and re-rolls it', async () => {
    renderDialog();
    await suggested('brave-otter');
    await userEvent.click(screen.getByRole('button', { name: 'Suggest another ID' }));
    await suggested('amber-beacon');
  });

  it('sanitises the ID as it is typed', async () => {
    renderDialog();
    await suggested('brave-otter');
    await userEvent.clear(idField());
    await userEvent.type(idField(), 'Été sale! 50%_off');
    expect(idField().value).toBe('Ete-sale-50_off');

    await userEvent.clear(idField());
    await userEvent.type(idField(), 'x'.repeat(40));
    expect(idField().value).toBe('x'.repeat(36));
  });

  it('says inline that an ID already exists and keeps Create disabled', async () => {
    renderDialog(['taken']);
    await suggested('brave-otter');
    await userEvent.clear(idField());
    await userEvent.type(idField(), 'taken');
    expect(await screen.findByText(ABTEST_MESSAGES.idExists)).toBeTruthy();
    expect(createButton().disabled).toBe(true);

    await userEvent.type(idField(), '-2');
    await waitFor(() => expect(createButton().disabled).toBe(false));
    expect(screen.queryByText(ABTEST_MESSAGES.idExists)).toBeNull();
  });

  it('creates with the trimmed description and the chosen type', async () => {
    const { api, onClose } = renderDialog();
    await suggested('brave-otter');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), '  Gradual launch  ');
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(screen.getByRole('option', { name: 'Rollout' }));
    await waitFor(() => expect(createButton().disabled).toBe(false));
    await userEvent.click(createButton());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('/api/abtest/create').map((call) => call.body)).toEqual([
      { id: 'brave-otter', description: 'Gradual launch', type: AbTestType.Rollout },
    ]);
  });

  it("offers the types by the specification's names, Sticky segmentation (with a pin) first", async () => {
    renderDialog();
    await suggested('brave-otter');
    const type = screen.getByRole('combobox', { name: 'Type' });
    expect(type.textContent).toBe('Sticky segmentation');
    await userEvent.click(type);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Sticky segmentation',
      'Dynamic segmentation',
      'Rollout',
    ]);
    expect(options.map((option) => option.querySelector('[data-testid="PushPinIcon"]') !== null)).toEqual([
      true,
      false,
      false,
    ]);
  });
});
