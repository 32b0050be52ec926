import { describe, expect, it } from 'vitest';
import { defaultActivationSettings } from './activation.schemas.ts';
import {
  configDescriptionSchema,
  configIdRefSchema,
  configIdSchema,
  configItemInputSchema,
  configItemInputSchemaOf,
  sanitizeConfigId,
} from './config-item.schemas.ts';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

const duel = { id: 'duel-spring', description: 'Spring duel', data: { kind: 'duel' } };
const offer = (activation: object) => ({
  id: 'snake-1',
  description: 'Snake offer',
  activation,
  data: { kind: 'snake-offer', productIdList: [{ productId: 7, target: 1 }] },
});

describe('Configuration ID (max 36, sanitised like A/B-test IDs, required)', () => {
  it('sanitises like an A/B-test ID', () => {
    expect(sanitizeConfigId('Spring Sale é!')).toBe('Spring-Sale-e');
  });
  it.each([
    ['Spring-Sale_2', true],
    ['x'.repeat(36), true],
  ])('accepts %j', (id, _) => {
    expect(configIdSchema.parse(id)).toBe(id);
  });
  it.each([
    ['', 'Configuration ID is required'],
    [undefined, 'Configuration ID is required'],
    ['x'.repeat(37), 'Configuration ID must be at most 36 characters'],
    ['spring sale', 'Configuration ID may contain only letters, digits, - and _'],
    [7, 'Configuration ID must be a text'],
  ])('refuses %j: %s', (id, message) => {
    expect(messages(configIdSchema.safeParse(id))).toEqual([['', message]]);
  });
  it('a reference is only bounded', () => {
    expect(configIdRefSchema.safeParse('spring sale').success).toBe(true);
    expect(messages(configIdRefSchema.safeParse('x'.repeat(37)))).toEqual([
      ['', 'Configuration ID must be at most 36 characters'],
    ]);
  });
});

describe('Description (max 100, required)', () => {
  it('is trimmed', () => {
    expect(configDescriptionSchema.parse('  Spring  ')).toBe('Spring');
    expect(configDescriptionSchema.parse(` ${'d'.repeat(100)} `)).toHaveLength(100);
  });
  it.each([
    ['', 'Description is required'],
    ['   ', 'Description is required'],
    [undefined, 'Description is required'],
    ['d'.repeat(101), 'Description must be at most 100 characters'],
  ])('refuses %j', (description, message) => {
    expect(messages(configDescriptionSchema.safeParse(description))).toEqual([['', message]]);
  });
});

describe('the configuration item', () => {
  it('defaults activation and active', () => {
    expect(configItemInputSchema.parse(duel)).toEqual({
      id: 'duel-spring',
      description: 'Spring duel',
      activation: defaultActivationSettings(),
      active: false,
      data: configItemInputSchemaOf('duel').parse(duel).data,
    });
  });
  it('checks activation and data with their own rules, paths from the item', () => {
    expect(
      messages(
        configItemInputSchema.safeParse({
          ...duel,
          activation: { minLevel: 0 },
          data: { kind: 'duel', raceProbability: 101 },
          active: 'yes',
        }),
      ),
    ).toEqual([
      ['activation.minLevel', 'Minimum level must be at least 1'],
      ['active', 'Active must be true or false'],
      ['data.raceProbability', 'Chance in percent must be at most 100'],
    ]);
  });
  it('of one kind refuses another kind, naming the field', () => {
    expect(messages(configItemInputSchemaOf('ar').safeParse(duel))).toEqual([
      ['data.kind', "Configuration kind must be 'ar' (Agility Race)"],
    ]);
  });
  it('needs data', () => {
    expect(messages(configItemInputSchemaOf('ar').safeParse({ id: 'a', description: 'b' }))[0]?.[0]).toBe(
      'data',
    );
  });
});

describe('offers: deactivation duration at most the offer duration', () => {
  it('allows a cooldown up to the max event duration', () => {
    expect(configItemInputSchema.safeParse(offer({ cooldown: 3_600, maxEventDuration: 3_600 })).success).toBe(
      true,
    );
    expect(configItemInputSchemaOf('snake-offer').safeParse(offer({ cooldown: 0 })).success).toBe(true);
  });
  it('refuses a longer cooldown', () => {
    const expected = [
      [
        'activation.cooldown',
        'Cooldown (deactivation duration) must be at most the Max event duration (offer duration)',
      ],
    ];
    expect(
      messages(configItemInputSchema.safeParse(offer({ cooldown: 3_601, maxEventDuration: 3_600 }))),
    ).toEqual(expected);
    expect(messages(configItemInputSchemaOf('snake-offer').safeParse(offer({ cooldown: 43_201 })))).toEqual(
      expected,
    );
  });
  it('does not apply to other kinds', () => {
    expect(
      configItemInputSchema.safeParse({ ...duel, activation: { cooldown: 90_000, maxEventDuration: 3_600 } })
        .success,
    ).toBe(true);
  });
  it('is judged together with the other fields, even when one of them is refused', () => {
    const refused = messages(
      configItemInputSchema.safeParse({
        ...offer({ cooldown: 3_601, maxEventDuration: 3_600 }),
        description: '',
      }),
    );
    expect(refused).toEqual(
      expect.arrayContaining([
        ['description', 'Description is required'],
        [
          'activation.cooldown',
          'Cooldown (deactivation duration) must be at most the Max event duration (offer duration)',
        ],
      ]),
    );
    const wrongType = messages(
      configItemInputSchema.safeParse({ ...offer({ cooldown: 3_601, maxEventDuration: 3_600 }), id: 42 }),
    );
    expect(wrongType.map(([path]) => path)).toEqual(expect.arrayContaining(['id', 'activation.cooldown']));
  });
  it('is not added to an out-of-bounds cooldown', () => {
    expect(messages(configItemInputSchema.safeParse(offer({ cooldown: 365 * 86_400 + 1 })))).toEqual([
      ['activation.cooldown', 'Cooldown must be at most 365d'],
    ]);
  });
});
