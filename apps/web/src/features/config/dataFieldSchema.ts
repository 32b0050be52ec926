import { CONFIG_DATA_SCHEMAS, type ConfigKindId } from '@console/domain/config';
import { z } from 'zod';
import { schemaAt, unwrapSchema } from '../../components/form/fieldSchema.ts';

// The editors read every bound and default from the domain's schema of the kind (written once, in
// packages/domain): a field's name (`data.tiers.2.numberOfItems`) is also its path in CONFIG_DATA_SCHEMAS[kind].

/** The schema of a form field named `data.…` of a kind's configuration; undefined outside `data`. */
export function dataFieldSchema(kind: ConfigKindId, name: string): z.ZodType | undefined {
  const [root, ...path] = name.split('.');
  if (root !== 'data') return undefined;
  return path.length === 0 ? CONFIG_DATA_SCHEMAS[kind] : schemaAt(CONFIG_DATA_SCHEMAS[kind], path.join('.'));
}

/** The entries a list must keep: 0 when its schema takes an empty list, else 1 ("at least one"). */
export function minEntriesOf(schema: z.ZodType | undefined): number {
  return schema === undefined || schema.safeParse([]).success ? 0 : 1;
}

/** A new entry of a list: the entry schema's defaults, or an empty entry when a field has none. */
export function newEntryOf(schema: z.ZodType | undefined): Record<string, unknown> {
  const list = schema === undefined ? undefined : unwrapSchema(schema);
  if (!(list instanceof z.ZodArray)) return {};
  const parsed = (list.element as z.ZodType).safeParse({});
  return parsed.success && typeof parsed.data === 'object' && parsed.data !== null
    ? (parsed.data as Record<string, unknown>)
    : {};
}
