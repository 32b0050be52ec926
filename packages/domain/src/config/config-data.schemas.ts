import { z } from 'zod';
import { MAX_ACTIVATION_DURATION_SECONDS } from './activation.schemas.ts';
import { listField, secondsField, wholeNumberField } from './config-fields.ts';
import { CONFIG_KIND_IDS, type ConfigKindId, type ConfigKindOf, configKindOf } from './config-kinds.ts';
import {
  buildBreakDataSchema,
  duelDataSchema,
  kindField,
  maxTabsOf,
  raceDataSchema,
  streakDataSchema,
} from './event-data.schemas.ts';

// ---- offers (Store Products, Three for one, Two or one, Snake, Progression, Comeback) ----

export const OFFER_LABELS = {
  showFrequency: 'Show offer frequency',
  productIdList: 'Products',
  productId: 'Product Id',
  target: 'Target',
} as const;

// Default show frequency 86,400 s; product id 1-1,000,000, target 0-1,000,000.
export const DEFAULT_SHOW_FREQUENCY_SECONDS = 86_400;
export const MAX_PRODUCT_ID = 1_000_000;
export const MAX_PRODUCT_TARGET = 1_000_000;

export const productEntrySchema = z.object(
  {
    productId: wholeNumberField(OFFER_LABELS.productId, 1, MAX_PRODUCT_ID),
    target: wholeNumberField(OFFER_LABELS.target, 0, MAX_PRODUCT_TARGET),
  },
  { error: 'each product entry must be an object' },
);

/**
 * Decision (docs/decisions/0173): an offer has at least one product entry; product id and target are
 * required (no default), so a new offer starts with an empty list the operator fills. Show offer
 * frequency is 1 s to 365 days.
 */
export function offerDataSchema<const Id extends ConfigKindOf<'offer'>>(id: Id) {
  return z.object({
    kind: kindField(id),
    showFrequency: secondsField(OFFER_LABELS.showFrequency, 1, MAX_ACTIVATION_DURATION_SECONDS).default(
      DEFAULT_SHOW_FREQUENCY_SECONDS,
    ),
    productIdList: listField(OFFER_LABELS.productIdList, productEntrySchema, 1, maxTabsOf(id)),
  });
}

// ---- generic kinds: no data beyond the kind ("Non-configurable plugin forms") ----

export function genericDataSchema<const Id extends ConfigKindOf<'generic-event' | 'generic-plugin'>>(id: Id) {
  return z.object({ kind: kindField(id) });
}

// ---- one schema per kind ----

export const CONFIG_DATA_SCHEMAS = {
  ar: raceDataSchema('ar'),
  er: raceDataSchema('er'),
  eoc: raceDataSchema('eoc'),
  duel: duelDataSchema,
  ws: streakDataSchema('ws'),
  ds: streakDataSchema('ds'),
  build: buildBreakDataSchema('build'),
  break: buildBreakDataSchema('break'),
  'store-products': offerDataSchema('store-products'),
  'three4one-offer': offerDataSchema('three4one-offer'),
  '2o1-offer': offerDataSchema('2o1-offer'),
  'snake-offer': offerDataSchema('snake-offer'),
  'progression-offer': offerDataSchema('progression-offer'),
  'comeback-offer': offerDataSchema('comeback-offer'),
  'event/gr': genericDataSchema('event/gr'),
  'event/so': genericDataSchema('event/so'),
  'event/ce1': genericDataSchema('event/ce1'),
  'event/ce2': genericDataSchema('event/ce2'),
  'plugin/nuf': genericDataSchema('plugin/nuf'),
} as const satisfies Record<ConfigKindId, z.ZodType>;

type ConfigDataSchemas = typeof CONFIG_DATA_SCHEMAS;
export type ConfigDataSchemaOf<Id extends ConfigKindId> = ConfigDataSchemas[Id];
export type ConfigDataOf<Id extends ConfigKindId> = z.infer<ConfigDataSchemas[Id]>;

/** The `data` of any configuration, discriminated by `kind`. */
export const configDataSchema = z.discriminatedUnion(
  'kind',
  CONFIG_KIND_IDS.map((id) => CONFIG_DATA_SCHEMAS[id]) as unknown as [
    ConfigDataSchemas[ConfigKindId],
    ...ConfigDataSchemas[ConfigKindId][],
  ],
  { error: `Configuration kind must be one of ${CONFIG_KIND_IDS.join(', ')}` },
);
export type ConfigData = z.infer<typeof configDataSchema>;
export type ConfigDataInput = z.input<typeof configDataSchema>;

export function configDataSchemaOf<Id extends ConfigKindId>(id: Id): ConfigDataSchemaOf<Id> {
  return CONFIG_DATA_SCHEMAS[id];
}

/**
 * The data a create form starts from: every field at its default. Offers start with no product
 * entry (product id and target have no default), so their default is not yet savable.
 */
export function defaultConfigData(id: ConfigKindId): ConfigDataInput {
  const { family } = configKindOf(id);
  if (family === 'offer') {
    return { kind: id, showFrequency: DEFAULT_SHOW_FREQUENCY_SECONDS, productIdList: [] } as ConfigDataInput;
  }
  return CONFIG_DATA_SCHEMAS[id].parse({ kind: id });
}
