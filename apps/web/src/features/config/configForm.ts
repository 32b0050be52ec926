import {
  type ConfigItem,
  type ConfigKindId,
  configItemInputSchemaOf,
  defaultActivationSettings,
  defaultConfigData,
} from '@console/domain/config';
import type { z } from 'zod';

// The shared configuration form: its values are the domain's configuration item input of the
// kind, {id, description, active, activation, data}; the family editors name their fields `data.*`.

export type ConfigFormSchema = ReturnType<typeof configItemInputSchemaOf<ConfigKindId>>;
/** What the form holds (and what a draft keeps). */
export type ConfigFormValues = z.input<ConfigFormSchema>;
/** What create, save and duplicate/reassign send: the values once the schema accepted them. */
export type ConfigFormOutput = z.output<ConfigFormSchema>;

export const configFormSchemaOf = (kind: ConfigKindId): ConfigFormSchema => configItemInputSchemaOf(kind);

/** A new configuration of a kind: empty id and description, inactive, every default. */
export function newConfigValues(kind: ConfigKindId): ConfigFormValues {
  return {
    id: '',
    description: '',
    active: false,
    activation: defaultActivationSettings(),
    data: defaultConfigData(kind),
  } as ConfigFormValues;
}

/** A stored configuration as the edit form's values (the server's created/modified/lastModifier left out). */
export function configValuesOf(
  item: Pick<ConfigItem, 'id' | 'description' | 'active' | 'activation'> & { data: unknown },
): ConfigFormValues {
  return {
    id: item.id,
    description: item.description,
    active: item.active,
    activation: item.activation,
    data: item.data,
  } as ConfigFormValues;
}
