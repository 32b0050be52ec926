import { describe, expect, it } from 'vitest';
import { PluginId } from '../enums.ts';
import type { ConfigUsage } from './config.api.schemas.ts';
import { ConfigWarningCode, listConfigWarnings, namedConfigIds } from './config-warnings.ts';

const config = (id: string, active: boolean, inUse: ConfigUsage, pluginId: number = PluginId.DUEL) => ({
  extended: { id, active, data: { pluginId } },
  inUse,
});

describe('the configuration list warnings', () => {
  it('are none for an empty list or a tidy one', () => {
    expect(listConfigWarnings([])).toEqual([]);
    expect(
      listConfigWarnings([
        config('live', true, 'live'),
        config('spare-1', true, 'unused'),
        config('spare-2', true, 'unused'),
        config('off-but-assigned', false, 'assigned'),
      ]),
    ).toEqual([]);
  });

  it('say one disabled unused configuration can be removed safely, naming it', () => {
    expect(listConfigWarnings([config('live', true, 'live'), config('old', false, 'unused')])).toEqual([
      {
        code: ConfigWarningCode.Removable,
        pluginId: PluginId.DUEL,
        configIds: ['old'],
        count: 1,
        message: "Duel configuration 'old' is disabled and not used: it can be removed safely.",
      },
    ]);
  });

  it('say nothing of one disabled configuration that a plugin still uses', () => {
    expect(listConfigWarnings([config('old', false, 'assigned')])).toEqual([]);
  });

  it('name every disabled configuration when more than one is disabled (used or not)', () => {
    expect(
      listConfigWarnings([
        config('b-old', false, 'unused'),
        config('a-old', false, 'assigned'),
        config('live', true, 'live'),
      ]),
    ).toEqual([
      {
        code: ConfigWarningCode.ManyDisabled,
        pluginId: PluginId.DUEL,
        configIds: ['a-old', 'b-old'],
        count: 2,
        message: "2 Duel configurations are disabled: 'a-old', 'b-old'.",
      },
    ]);
  });

  it('warn from the third active configuration no AB-test uses, not at two', () => {
    const two = [config('x', true, 'unused'), config('y', true, 'unused'), config('z', true, 'assigned')];
    expect(listConfigWarnings(two)).toEqual([]);
    expect(listConfigWarnings([...two, config('w', true, 'unused')])).toEqual([
      {
        code: ConfigWarningCode.ManyActiveUnused,
        pluginId: PluginId.DUEL,
        configIds: ['w', 'x', 'y'],
        count: 3,
        message: "3 active Duel configurations are not used by any AB-test: 'w', 'x', 'y'.",
      },
    ]);
  });

  it('count per type, listing types in the registry order and the rules in the product’s order', () => {
    const warnings = listConfigWarnings([
      config('duel-off', false, 'unused', PluginId.DUEL),
      config('race-off-1', false, 'unused', PluginId.AGILITY_RACE),
      config('race-off-2', false, 'unused', PluginId.AGILITY_RACE),
      config('race-1', true, 'unused', PluginId.AGILITY_RACE),
      config('race-2', true, 'unused', PluginId.AGILITY_RACE),
      config('race-3', true, 'unused', PluginId.AGILITY_RACE),
      config('streak-off', false, 'unused', PluginId.WIN_STREAK),
    ]);
    expect(warnings.map((warning) => [warning.pluginId, warning.code, warning.configIds])).toEqual([
      [PluginId.AGILITY_RACE, 'many-disabled', ['race-off-1', 'race-off-2']],
      [PluginId.AGILITY_RACE, 'many-active-unused', ['race-1', 'race-2', 'race-3']],
      [PluginId.DUEL, 'removable', ['duel-off']],
      [PluginId.WIN_STREAK, 'removable', ['streak-off']],
    ]);
  });

  it('name a plugin no kind serves by its id, after the known types', () => {
    const warnings = listConfigWarnings([config('odd', false, 'unused', 999), config('d', false, 'unused')]);
    expect(warnings.map((warning) => warning.message)).toEqual([
      "Duel configuration 'd' is disabled and not used: it can be removed safely.",
      "Plugin 999 configuration 'odd' is disabled and not used: it can be removed safely.",
    ]);
  });

  it("name an original the 'Update is not allowed' flow replaced while it is switched on and unused", () => {
    const replaced = (id: string, active: boolean, inUse: ConfigUsage) => ({
      ...config(id, active, inUse),
      replacedBy: `${id}-2`,
    });
    expect(listConfigWarnings([replaced('ws-a', true, 'unused'), config('ws-a-2', true, 'live')])).toEqual([
      {
        code: ConfigWarningCode.Replaced,
        pluginId: PluginId.DUEL,
        configIds: ['ws-a'],
        count: 1,
        message: "'ws-a' was replaced by 'ws-a-2' and is still switched on: switch it off or delete it.",
      },
    ]);
    // Switched off (then the "removable" rule speaks), or still pointed at by a plugin: no such warning.
    const codes = (items: Parameters<typeof listConfigWarnings>[0]) =>
      listConfigWarnings(items).map((warning) => warning.code);
    expect(codes([replaced('ws-a', false, 'unused')])).toEqual([ConfigWarningCode.Removable]);
    expect(codes([replaced('ws-a', true, 'assigned'), replaced('ws-b', true, 'live')])).toEqual([]);
    expect(codes([{ ...config('ws-a', true, 'unused'), replacedBy: null }])).toEqual([]);
  });
  it('name the first five configurations a warning concerns, then how many more', () => {
    const ids = Array.from({ length: 1_205 }, (_, index) => `off-${String(index).padStart(4, '0')}`);
    const [warning] = listConfigWarnings(ids.map((id) => config(id, false, 'assigned')));
    expect(warning).toEqual({
      code: ConfigWarningCode.ManyDisabled,
      pluginId: PluginId.DUEL,
      configIds: ['off-0000', 'off-0001', 'off-0002', 'off-0003', 'off-0004'],
      count: 1_205,
      message:
        "1,205 Duel configurations are disabled: 'off-0000', 'off-0001', 'off-0002', 'off-0003', 'off-0004' and 1,200 more.",
    });
    expect(namedConfigIds(ids.slice(0, 5))).toBe(
      "'off-0000', 'off-0001', 'off-0002', 'off-0003', 'off-0004'",
    );
    expect(namedConfigIds(ids.slice(0, 6))).toBe(
      "'off-0000', 'off-0001', 'off-0002', 'off-0003', 'off-0004' and 1 more",
    );
  });
});
