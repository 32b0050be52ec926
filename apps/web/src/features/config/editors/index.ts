import type { ConfigFamily, ConfigKindId } from '@console/domain/config';
import type { ComponentType } from 'react';
import { BuildBreakEditor } from './BuildBreakEditor.tsx';
import { DuelEditor } from './DuelEditor.tsx';
import { OfferEditor } from './OfferEditor.tsx';
import { RaceEditor } from './RaceEditor.tsx';
import { StreakEditor } from './StreakEditor.tsx';

export type ConfigDataEditor = ComponentType<{ kind: ConfigKindId }>;

/**
 * The editor of a configuration's `data`, by family, inside the shared form (the form kit's FormScope,
 * whose values and schema are the kind's configuration item input). The generic event and plugin kinds have no data
 * fields ("Non-configurable plugin forms").
 */
export const EDITOR_BY_FAMILY: Readonly<Record<ConfigFamily, ConfigDataEditor | null>> = {
  race: RaceEditor,
  duel: DuelEditor,
  streak: StreakEditor,
  'build-break': BuildBreakEditor,
  offer: OfferEditor,
  'generic-event': null,
  'generic-plugin': null,
};
