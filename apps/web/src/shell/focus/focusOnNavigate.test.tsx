import { SEGMENT_PROPERTY_LIST } from '@console/domain/abtest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { abTestSearch, anAbTest } from '../../features/abtest/abtest.test-support.tsx';
import { aConfigItem, aConfigRow, configSearch } from '../../features/config/config.test-support.tsx';
import { fakeApi, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const abTest = anAbTest({ id: 'spring-sale' });

describe('focus on a new page', () => {
  it('lands on the new page’s heading after a Features menu entry and after an in-page link', async () => {
    fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev', 'stable', 'prod']),
      '/api/abtest/search': abTestSearch(() => [abTest]),
      '/api/abtest/get': () => ok(abTest),
      '/api/abtest/versions/get': () => ok([]),
      '/api/segment/property/list': () => ok(SEGMENT_PROPERTY_LIST),
    });
    renderApp('/levels');
    await screen.findByRole('heading', { name: 'Levels' });

    await userEvent.click(screen.getByRole('button', { name: 'Features' }));
    (await screen.findByRole('menuitem', { name: 'AB-test' })).focus();
    await userEvent.keyboard('{Enter}');
    const listHeading = await screen.findByRole('heading', { level: 1, name: 'AB-test' });
    await waitFor(() => expect(document.activeElement).toBe(listHeading));

    await userEvent.click(await screen.findByRole('link', { name: 'spring-sale' }));
    const detailsHeading = await screen.findByRole('heading', { level: 1, name: 'AB-test spring-sale' });
    await waitFor(() => expect(document.activeElement).toBe(detailsHeading));
  });

  it('lands on the configuration list’s heading after Save on a configuration form', async () => {
    fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev', 'stable', 'prod']),
      '/api/config/event/gr/get': () => ok(aConfigItem()),
      '/api/config/event/gr/save': ({ body }) => ok({ ...aConfigItem(), ...(body as object) }),
      '/api/plugin/config/list': () => ok([aConfigRow({ id: 'gold-week' })]),
      '/api/plugin/config/search': configSearch(() => [aConfigRow({ id: 'gold-week' })]),
    });
    renderApp('/config/GOLD_RUSH/gold-week/edit');
    await screen.findByRole('heading', { level: 1, name: 'Edit Gold Rush' });
    const save = await screen.findByRole('button', { name: 'Save' });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(save);
    const listHeading = await screen.findByRole('heading', { level: 1, name: 'Configuration' });
    await waitFor(() => expect(document.activeElement).toBe(listHeading));
  });

  it('keeps focus where it is when only the search changes (a screen’s view state)', async () => {
    fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev', 'stable', 'prod']),
      '/api/abtest/search': abTestSearch(() => [abTest]),
    });
    renderApp('/abtest');
    const link = await screen.findByRole('link', { name: 'spring-sale' });
    link.focus();
    window.history.pushState(null, '', '/abtest?sort=id');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(window.location.search).toBe('?sort=id'));
    expect(document.activeElement).toBe(link);
  });
});
