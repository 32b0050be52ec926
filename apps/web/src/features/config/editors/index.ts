import type { ConfigFamily, ConfigKindId } from '@console/domain';
import type { ComponentType } from 'react';

// TEMPORARY STUB (cfgpages): cfgeditors owns this file; their version replaces it on merge.
export const EDITOR_BY_FAMILY: Record<ConfigFamily, ComponentType<{ kind: ConfigKindId }> | null> = {
  race: null,
  duel: null,
  streak: null,
  'build-break': null,
  offer: null,
  'generic-event': null,
  'generic-plugin': null,
};
