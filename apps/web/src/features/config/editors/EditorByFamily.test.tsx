import { CONFIG_KINDS, CONSTRUCTION_ITEMS, type ConfigKindId, configKindOf } from '@console/domain/config';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../test/fakeApi.ts';
import { aConfigInput, renderEditor } from './editors.test-support.tsx';
import { EDITOR_BY_FAMILY } from './index.ts';

const EDITED = CONFIG_KINDS.filter((kind) => EDITOR_BY_FAMILY[kind.family] !== null).map((kind) => kind.id);

describe('EDITOR_BY_FAMILY', () => {
  it('has no data editor for the generic event and plugin kinds only', () => {
    expect(Object.entries(EDITOR_BY_FAMILY).filter(([, editor]) => editor === null)).toEqual([
      ['generic-event', null],
      ['generic-plugin', null],
    ]);
  });

  it.each(EDITED)('saves a new %s configuration as its schema reads it', async (kind: ConfigKindId) => {
    fakeApi({ '/api/plugin/config/construction-items': () => ok(CONSTRUCTION_ITEMS) });
    // an offer has no default product (product id and target are required)
    const isOffer = configKindOf(kind).family === 'offer';
    const input = aConfigInput(kind, isOffer ? { productIdList: [{ productId: 1, target: 0 }] } : {});
    const { save, saved } = renderEditor(kind, input);
    await save();
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(saved.mock.lastCall?.[0].data).toEqual(input.data);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
