import { type ConfigKindId, OFFER_LABELS } from '@console/domain/config';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aConfigInput, field, renderEditor } from './editors.test-support.tsx';

const products = () => screen.getByRole('region', { name: OFFER_LABELS.productIdList });
const addProduct = () => screen.getByRole('button', { name: 'Add product' }) as HTMLButtonElement;

describe('Offer editors', () => {
  it('starts with the show frequency at 1d and no product, which the schema refuses', async () => {
    const { save, saved } = renderEditor('store-products');
    expect(field(OFFER_LABELS.showFrequency).value).toBe('1d');
    expect(screen.getByText('86,400 seconds')).toBeTruthy();
    await save();
    expect(await within(products()).findByText('Products must have at least 1 entry')).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();
  });

  it('saves product entries and a typed show frequency in seconds', async () => {
    const { user, save, savedData } = renderEditor('three4one-offer');
    await user.click(addProduct());
    await user.type(field(OFFER_LABELS.productId), '1000000');
    await user.type(field(OFFER_LABELS.target), '0');
    await user.clear(field(OFFER_LABELS.showFrequency));
    await user.type(field(OFFER_LABELS.showFrequency), '2 hours');
    await save();
    await waitFor(() =>
      expect(savedData()).toEqual({
        kind: 'three4one-offer',
        showFrequency: 7_200,
        productIdList: [{ productId: 1_000_000, target: 0 }],
      }),
    );
    expect(field(OFFER_LABELS.showFrequency).value).toBe('2h');
  });

  it('marks Product Id and Target out of bounds or missing with their labels', async () => {
    const { user, save, saved } = renderEditor('2o1-offer');
    await user.click(addProduct());
    await user.click(addProduct());
    await user.type(field(OFFER_LABELS.productId), '0');
    await user.type(field(OFFER_LABELS.target), '1000001');
    await user.type(field(OFFER_LABELS.productId, 1), '5');
    await save();
    expect(await screen.findByText('Product Id must be at least 1')).toBeTruthy();
    expect(screen.getByText('Target must be at most 1000000')).toBeTruthy();
    expect(screen.getByText('Target must be a number')).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();
  });

  it('marks a show frequency the duration grammar refuses and does not save', async () => {
    const { user, save, saved } = renderEditor(
      'comeback-offer',
      aConfigInput('comeback-offer', {
        productIdList: [{ productId: 7, target: 1 }],
      }),
    );
    await user.clear(field(OFFER_LABELS.showFrequency));
    await user.type(field(OFFER_LABELS.showFrequency), 'soon');
    expect(screen.getByText(/^Show offer frequency must be a number followed by/)).toBeTruthy();
    await save();
    expect(saved).not.toHaveBeenCalled();
  });

  it('removes product entries', async () => {
    const input = aConfigInput('snake-offer', {
      productIdList: [
        { productId: 1, target: 10 },
        { productId: 2, target: 20 },
      ],
    });
    const { user, save, savedData } = renderEditor('snake-offer', input);
    await user.click(screen.getByRole('button', { name: 'Remove product 1' }));
    await save();
    await waitFor(() => expect(savedData()?.productIdList).toEqual([{ productId: 2, target: 20 }]));
  });

  // Store 4, Three for one 4, Two or one 2, Snake 50, Progression 10, Comeback 1.
  const MAXIMA: [ConfigKindId, number][] = [
    ['store-products', 4],
    ['three4one-offer', 4],
    ['2o1-offer', 2],
    ['progression-offer', 10],
    ['comeback-offer', 1],
  ];
  it.each(MAXIMA)('bounds %s at %i product entries', async (kind, max) => {
    const { user } = renderEditor(kind);
    for (let count = 0; count < max; count += 1) await user.click(addProduct());
    expect(within(products()).getAllByLabelText(OFFER_LABELS.productId, { selector: 'input' })).toHaveLength(
      max,
    );
    expect(addProduct().disabled).toBe(true);
    expect(screen.getByText(`${max} of at most ${max}`)).toBeTruthy();
  });

  it('bounds Snake at 50 product entries', () => {
    const input = aConfigInput('snake-offer', {
      productIdList: Array.from({ length: 50 }, (_, index) => ({ productId: index + 1, target: 1 })),
    });
    renderEditor('snake-offer', input);
    expect(addProduct().disabled).toBe(true);
    expect(screen.getByText('50 of at most 50')).toBeTruthy();
  });
});
