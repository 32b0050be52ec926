import { describe, expect, it } from 'vitest';
import { PluginId } from '../enums.ts';
import {
  activatePluginRequestSchema,
  DEFAULT_PLUGIN_DESCRIPTIONS,
  defaultPluginDescriptionOf,
  groupEnabledPlugins,
  isPluginId,
  listEnabledPlugins,
  listPluginTypes,
  PLUGIN_IDS,
  PLUGIN_NAMES,
  pluginGroupOf,
  pluginNameOf,
  resolvePluginName,
} from './plugin.ts';

describe('resolvePluginName', () => {
  it('gives the id of every plugin name', () => {
    expect(resolvePluginName('END_OF_CONTENT')).toBe(1);
    expect(resolvePluginName('DUEL')).toBe(4);
    expect(resolvePluginName('DIVE_EVENT')).toBe(13);
    expect(resolvePluginName('STORE')).toBe(100);
    expect(resolvePluginName('OFFER_COMEBACK')).toBe(105);
  });
  it.each([
    'UNSUPPORTED',
    'duel',
    'Duel',
    ' DUEL',
    '',
    'NOT_A_PLUGIN',
    'toString',
    '__proto__',
    'constructor',
  ])('resolves %j to UNSUPPORTED (0)', (name) => {
    expect(resolvePluginName(name)).toBe(0);
  });
});

describe('plugin enumeration', () => {
  it('holds every PluginId except UNSUPPORTED', () => {
    expect(PLUGIN_NAMES).toHaveLength(Object.keys(PluginId).length - 1);
    expect(PLUGIN_NAMES).not.toContain('UNSUPPORTED');
    expect(PLUGIN_IDS).not.toContain(0);
    expect(isPluginId(7)).toBe(true);
    expect(isPluginId(0)).toBe(false);
    expect(isPluginId(14)).toBe(false);
  });
  it('maps ids back to names', () => {
    expect(pluginNameOf(101)).toBe('OFFER_THREE_IN_ONE');
    expect(pluginNameOf(42)).toBe('UNSUPPORTED');
  });
  it('answers /api/plugin/types as name -> id without UNSUPPORTED', () => {
    const types = listPluginTypes();
    expect(Object.keys(types)).toHaveLength(19);
    expect(types.SPECIAL_OFFER).toBe(7);
    expect(types).not.toHaveProperty('UNSUPPORTED');
  });
  it('has a non-empty default description for every plugin', () => {
    for (const id of PLUGIN_IDS) expect(defaultPluginDescriptionOf(id).length, String(id)).toBeGreaterThan(0);
    expect(Object.keys(DEFAULT_PLUGIN_DESCRIPTIONS).sort()).toEqual([...PLUGIN_NAMES].sort());
    expect(defaultPluginDescriptionOf(0)).toBe('Unsupported plugin');
  });
  it('groups ids by range', () => {
    expect(pluginGroupOf(1)).toBe('events');
    expect(pluginGroupOf(13)).toBe('events');
    expect(pluginGroupOf(100)).toBe('offers');
    expect(pluginGroupOf(105)).toBe('offers');
    expect(pluginGroupOf(0)).toBeUndefined();
    expect(pluginGroupOf(200)).toBeUndefined();
    expect(PLUGIN_IDS.every((id) => pluginGroupOf(id) !== undefined)).toBe(true);
  });
});

describe('activatePluginRequestSchema', () => {
  it('accepts a known plugin id and a boolean', () => {
    expect(activatePluginRequestSchema.parse({ pluginId: 7, active: true })).toEqual({
      pluginId: 7,
      active: true,
    });
  });
  it('refuses UNSUPPORTED and unknown ids, naming them', () => {
    expect(
      activatePluginRequestSchema.safeParse({ pluginId: 0, active: true }).error?.issues[0]?.message,
    ).toBe('pluginId 0 is not a known plugin');
    expect(
      activatePluginRequestSchema.safeParse({ pluginId: 999, active: true }).error?.issues[0]?.message,
    ).toBe('pluginId 999 is not a known plugin');
  });
  it('refuses a missing active flag', () => {
    expect(activatePluginRequestSchema.safeParse({ pluginId: 7 }).error?.issues[0]?.message).toBe(
      'active must be true or false',
    );
  });
});

describe('enabled plugins', () => {
  const plugins = [
    { id: 101, active: true },
    { id: 4, active: true },
    { id: 2, active: false },
    { id: 1, active: true },
    { id: 999, active: true },
  ];
  it('lists active known plugins as name -> id in id order', () => {
    const enabled = listEnabledPlugins(plugins);
    expect(enabled).toEqual({ END_OF_CONTENT: 1, DUEL: 4, OFFER_THREE_IN_ONE: 101 });
    expect(Object.keys(enabled)).toEqual(['END_OF_CONTENT', 'DUEL', 'OFFER_THREE_IN_ONE']);
  });
  it('groups active plugin ids, listing empty groups too', () => {
    expect(groupEnabledPlugins(plugins)).toEqual({
      events: { pluginIdList: [1, 4] },
      offers: { pluginIdList: [101] },
    });
    expect(groupEnabledPlugins([])).toEqual({ events: { pluginIdList: [] }, offers: { pluginIdList: [] } });
  });
});
