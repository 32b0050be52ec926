import { describe, expect, it } from 'vitest';
import { PluginId } from '../enums.ts';
import { PLUGIN_NAMES } from '../operations/plugin.ts';
import {
  CONFIG_KIND_IDS,
  CONFIG_KINDS,
  configKindOf,
  configKindOfPlugin,
  findConfigKind,
  groupConfigKinds,
  isConfigKindId,
} from './config-kinds.ts';

describe('the configuration kinds', () => {
  it('are the 14 dedicated kinds of the product plus one generic kind per remaining plugin', () => {
    expect(CONFIG_KIND_IDS).toEqual([
      'ar',
      'er',
      'eoc',
      'duel',
      'ws',
      'ds',
      'build',
      'break',
      'store-products',
      'three4one-offer',
      '2o1-offer',
      'snake-offer',
      'progression-offer',
      'comeback-offer',
      'event/gr',
      'event/so',
      'event/ce1',
      'event/ce2',
      'plugin/nuf',
    ]);
  });

  it('serve every known plugin exactly once', () => {
    const served = CONFIG_KINDS.map((definition) => definition.pluginName).sort();
    expect(served).toEqual([...PLUGIN_NAMES].sort());
    for (const definition of CONFIG_KINDS) expect(definition.pluginId).toBe(PluginId[definition.pluginName]);
  });

  it('map plugins to kinds as decided (docs/decisions/0166)', () => {
    const mapping = Object.fromEntries(
      CONFIG_KINDS.map((definition) => [definition.pluginName, definition.id]),
    );
    expect(mapping).toEqual({
      END_OF_CONTENT: 'eoc',
      AGILITY_RACE: 'ar',
      ENDURANCE_RACE: 'er',
      DUEL: 'duel',
      COLLECTION_EVENT_ONE: 'event/ce1',
      COLLECTION_EVENT_TWO: 'event/ce2',
      SPECIAL_OFFER: 'event/so',
      BUILD_EVENT: 'build',
      BREAK_EVENT: 'break',
      WIN_STREAK: 'ws',
      GOLD_RUSH: 'event/gr',
      NEW_USER_FLOW: 'plugin/nuf',
      DIVE_EVENT: 'ds',
      STORE: 'store-products',
      OFFER_THREE_IN_ONE: 'three4one-offer',
      OFFER_TWO_OR_ONE: '2o1-offer',
      OFFER_SNAKE: 'snake-offer',
      OFFER_PROGRESSION: 'progression-offer',
      OFFER_COMEBACK: 'comeback-offer',
    });
  });

  it('bound the tabs as the product says', () => {
    const maxima = Object.fromEntries(
      CONFIG_KINDS.map((definition) => [definition.id, definition.tabs?.max ?? null]),
    );
    expect(maxima).toEqual({
      ar: 10,
      er: 1,
      eoc: 1,
      duel: null,
      ws: 10,
      ds: 20,
      build: 10,
      break: 10,
      'store-products': 4,
      'three4one-offer': 4,
      '2o1-offer': 2,
      'snake-offer': 50,
      'progression-offer': 10,
      'comeback-offer': 1,
      'event/gr': null,
      'event/so': null,
      'event/ce1': null,
      'event/ce2': null,
      'plugin/nuf': null,
    });
  });

  it('omit the activation checkbox on duel, streaks, offers, build, break and events without deactivation', () => {
    const deactivatable = CONFIG_KINDS.filter((definition) => definition.allowsDeactivation).map((d) => d.id);
    expect(deactivatable).toEqual(['ar', 'er', 'eoc', 'event/gr']);
  });

  it('give every kind but plugin/{prefix} activation settings', () => {
    expect(CONFIG_KINDS.filter((definition) => !definition.hasActivation).map((d) => d.id)).toEqual([
      'plugin/nuf',
    ]);
  });

  it('bound the agility and endurance races, not End Of Content', () => {
    expect(CONFIG_KINDS.filter((definition) => definition.isBounded).map((d) => d.id)).toEqual(['ar', 'er']);
  });

  it('mark only the collection events deprecated', () => {
    expect(CONFIG_KINDS.filter((definition) => definition.isDeprecated).map((d) => d.pluginId)).toEqual([
      5, 6,
    ]);
  });
});

describe('lookups', () => {
  it('find a kind by its route id, exactly', () => {
    expect(findConfigKind('ar')?.label).toBe('Agility Race');
    expect(findConfigKind('event/so')?.pluginName).toBe('SPECIAL_OFFER');
    expect(findConfigKind('AR')).toBeUndefined();
    expect(findConfigKind('event')).toBeUndefined();
    expect(findConfigKind('event/xx')).toBeUndefined();
    expect(findConfigKind('plugin/so')).toBeUndefined();
    expect(findConfigKind('toString')).toBeUndefined();
    expect(isConfigKindId('plugin/nuf')).toBe(true);
    expect(isConfigKindId('plugin/')).toBe(false);
    expect(configKindOf('ds').pluginName).toBe('DIVE_EVENT');
  });
  it('find the kind of a plugin by id or name', () => {
    expect(configKindOfPlugin(PluginId.STORE)?.id).toBe('store-products');
    expect(configKindOfPlugin('DIVE_EVENT')?.id).toBe('ds');
    expect(configKindOfPlugin(PluginId.UNSUPPORTED)).toBeUndefined();
    expect(configKindOfPlugin('UNSUPPORTED')).toBeUndefined();
    expect(configKindOfPlugin('duel')).toBeUndefined();
  });
  it('group the kinds for the dropdown, every kind once', () => {
    const groups = groupConfigKinds();
    expect(groups.map((group) => group.label)).toEqual([
      'Races',
      'Duel',
      'Streaks',
      'Build and break events',
      'Offers',
      'Events',
      'Other plugins',
    ]);
    expect(groups.flatMap((group) => group.kinds.map((definition) => definition.id))).toEqual(
      CONFIG_KIND_IDS,
    );
  });
});
