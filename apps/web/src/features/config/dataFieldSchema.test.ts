import { configItemInputSchemaOf } from '@console/domain/config';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { numberBoundsOf, schemaAt } from '../../components/form/fieldSchema.ts';
import { dataFieldSchema, minEntriesOf, newEntryOf } from './dataFieldSchema.ts';

describe('bounds read from the kind schemas', () => {
  it.each([
    ['ar', 'data.matchmaking.groupSize', { min: 1, max: 150, isInteger: true }],
    ['ar', 'data.tiers.3.matchmaking.closePct', { min: 1, max: 100, isInteger: true }],
    ['ar', 'data.tiers.0.rotations', { min: 1, max: 10, isInteger: true }],
    ['ar', 'data.scoreTarget', { min: 1, max: 150, isInteger: true }],
    ['er', 'data.bot.prs', { min: 0, max: 100, isInteger: false }],
    ['duel', 'data.movesUpperLimitFromMean', { min: 0, max: 5, isInteger: true }],
    ['ds', 'data.tiers.19.numberOfItems', { min: 0, max: 1000, isInteger: true }],
    ['build', 'data.multipliers.superHard', { min: 1, max: 10, isInteger: true }],
    ['snake-offer', 'data.productIdList.0.productId', { min: 1, max: 1_000_000, isInteger: true }],
    ['comeback-offer', 'data.productIdList.0.target', { min: 0, max: 1_000_000, isInteger: true }],
  ] as const)('%s %s', (kind, name, bounds) => {
    expect(numberBoundsOf(dataFieldSchema(kind, name))).toEqual(bounds);
  });

  it("reads a field outside the data from the configuration's own schema", () => {
    const item = configItemInputSchemaOf('ar');
    expect(numberBoundsOf(schemaAt(item, 'activation.minLevel'))).toMatchObject({ min: 1, isInteger: true });
    expect(numberBoundsOf(schemaAt(item, 'data.tiers.1.rotations'))).toEqual({
      min: 1,
      max: 10,
      isInteger: true,
    });
  });

  it('knows nothing of names outside a kind data or of other schemas', () => {
    expect(dataFieldSchema('ar', 'activation.cooldown')).toBeUndefined();
    expect(dataFieldSchema('ar', 'data.nothing.here')).toBeUndefined();
    expect(dataFieldSchema('duel', 'data.tiers.0')).toBeUndefined();
    expect(numberBoundsOf(z.string())).toEqual({ min: undefined, max: undefined, isInteger: false });
    // a construction item id has no upper bound worth showing
    expect(numberBoundsOf(dataFieldSchema('build', 'data.rotation.0.itemType')).max).toBeUndefined();
  });

  it('reads the entries a list keeps and the defaults of a new entry', () => {
    expect(minEntriesOf(dataFieldSchema('ws', 'data.tiers'))).toBe(1);
    expect(minEntriesOf(z.array(z.number()))).toBe(0);
    expect(newEntryOf(dataFieldSchema('ar', 'data.tiers'))).toEqual({ rotations: 5, matchmaking: {} });
    expect(newEntryOf(dataFieldSchema('eoc', 'data.tiers'))).toEqual({ rotations: 0, matchmaking: {} });
    expect(newEntryOf(dataFieldSchema('ds', 'data.tiers'))).toEqual({ numberOfItems: 3 });
    expect(newEntryOf(dataFieldSchema('build', 'data.rotation'))).toEqual({ itemType: 0 });
    // product id and target have no default: a new product is empty and must be filled
    expect(newEntryOf(dataFieldSchema('store-products', 'data.productIdList'))).toEqual({});
  });
});
