// Section 6 and "What the resolve call refuses" of v1/README.md, from the document alone: where a
// snapshot or a resolve body is refused (the path of the first refused field), or null when it is taken.

type Path = (string | number)[];
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isWhole = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
const isText = (value: unknown, max = Number.POSITIVE_INFINITY) =>
  typeof value === 'string' && value.length <= max;

const MAX_WHOLE = Number.MAX_SAFE_INTEGER;
const MAX_TIME = 253_402_300_799_999;
const YEAR_SECONDS = 31_536_000;
const ACTIVATION_TYPES = [1, 2, 3, 7, 8, 9, 10, 11, 12, 13];
/** One period of the type, in seconds: the largest scheduleOffset. */
const MAX_OFFSET: Record<number, number> = {
  7: 300,
  8: 900,
  9: 1800,
  10: 3600,
  11: 86_400,
  12: 604_800,
  13: 600,
};
const WEEK_SECONDS = 604_800;

function activationRefusal(activation: unknown, at: Path): Path | null {
  if (!isObject(activation)) return at;
  const field = (name: string, isValid: (value: unknown) => boolean) =>
    activation[name] === undefined || isValid(activation[name]) ? null : [...at, name];
  const type = activation.type ?? 2;
  const start = activation.start ?? 0;
  return (
    field('type', (value) => ACTIVATION_TYPES.includes(value as number)) ??
    field('start', (value) => isWhole(value, 0, MAX_TIME)) ??
    field(
      'end',
      (value) => isWhole(value, 0, MAX_TIME) && (value === 0 || (value as number) > (start as number)),
    ) ??
    field('cooldown', (value) => isWhole(value, 0, YEAR_SECONDS)) ??
    field('maxEventDuration', (value) => isWhole(value, 1, YEAR_SECONDS)) ??
    field('minLevel', (value) => isWhole(value, 1, 2_147_483_647)) ??
    field(
      'weeklyOffer',
      (value) =>
        Array.isArray(value) &&
        value.length === 56 &&
        value.every((slot) => typeof slot === 'boolean') &&
        value.some((slot) => !slot),
    ) ??
    field('scheduleOffset', (value) => isWhole(value, 0, MAX_OFFSET[type as number] ?? WEEK_SECONDS))
  );
}

/** The first of a list's items refused by `check` (given the item and its path), or the list itself. */
function listRefusal(
  list: unknown,
  at: Path,
  check: (item: unknown, path: Path) => Path | null,
): Path | null {
  if (!Array.isArray(list)) return at;
  for (const [index, item] of list.entries()) {
    const refused = check(item, [...at, index]);
    if (refused) return refused;
  }
  return null;
}

/** The first field of `object` (by `fields`' order) whose check refuses it. */
function fieldsRefusal(
  object: unknown,
  at: Path,
  fields: Record<string, (value: unknown, path: Path) => Path | boolean>,
): Path | null {
  if (!isObject(object)) return at;
  for (const [name, check] of Object.entries(fields)) {
    const answer = check(object[name], [...at, name]);
    if (answer === false) return [...at, name];
    if (Array.isArray(answer)) return answer;
  }
  return null;
}

const text = (value: unknown) => isText(value);
const whole = (value: unknown) => isWhole(value, -MAX_WHOLE, MAX_WHOLE);
const bool = (value: unknown) => typeof value === 'boolean';

/** Where the snapshot is refused (section 6), or null when it is valid. */
export function referenceSnapshotRefusal(snapshot: unknown): Path | null {
  return fieldsRefusal(snapshot, [], {
    environment: text,
    revision: (value) => isWhole(value, 1, MAX_WHOLE),
    hash: text,
    publishedAt: text,
    publishedBy: text,
    content: (content, at) =>
      fieldsRefusal(content, at, {
        plugins: (plugins, path) =>
          listRefusal(plugins, path, (plugin, itemPath) =>
            fieldsRefusal(plugin, itemPath, {
              id: whole,
              name: text,
              enabled: bool,
              entries: (entries, entriesPath) =>
                listRefusal(entries, entriesPath, (entry, entryPath) =>
                  fieldsRefusal(entry, entryPath, {
                    abTestId: text,
                    abTestVersion: whole,
                    configurations: (ids, idsPath) =>
                      listRefusal(ids, idsPath, (id, idPath) => (isText(id) ? null : idPath)) ?? true,
                  }),
                ) ?? true,
            }),
          ) ?? true,
        abTests: (tests, path) =>
          listRefusal(tests, path, (test, testPath) =>
            fieldsRefusal(test, testPath, {
              id: text,
              type: whole,
              active: bool,
              salt: text,
              segment: (segment, segmentPath) =>
                fieldsRefusal(segment, segmentPath, {
                  conditions: (conditions, conditionsPath) =>
                    !Array.isArray(conditions) || conditions.length > 50
                      ? conditionsPath
                      : (listRefusal(conditions, conditionsPath, (each, eachPath) =>
                          fieldsRefusal(each, eachPath, {
                            property: whole,
                            op: whole,
                            // 4,000 characters counted in code points
                            value: (value) => typeof value === 'string' && [...value].length <= 4000,
                          }),
                        ) ?? true),
                }) ?? true,
              version: (value) => value === null || whole(value),
              cases: (cases, casesPath) =>
                listRefusal(cases, casesPath, (each, eachPath) =>
                  fieldsRefusal(each, eachPath, {
                    weight: whole,
                    ranges: (ranges, rangesPath) =>
                      listRefusal(ranges, rangesPath, (range, rangePath) =>
                        !Array.isArray(range) || range.length !== 2
                          ? rangePath
                          : listRefusal(range, rangePath, (bound, boundPath) =>
                              isWhole(bound, 0, 1_000_000) ? null : boundPath,
                            ),
                      ) ?? true,
                  }),
                ) ?? true,
            }),
          ) ?? true,
        configurations: (configurations, path) =>
          listRefusal(configurations, path, (configuration, configurationPath) =>
            fieldsRefusal(configuration, configurationPath, {
              id: text,
              kind: text,
              activation: (activation, activationPath) =>
                activationRefusal(activation, activationPath) ?? true,
              data: isObject,
            }),
          ) ?? true,
        release: (release, path) =>
          fieldsRefusal(release, path, {
            nextReleaseTime: whole,
            maxLevel: whole,
            nextMaxLevel: whole,
            remindVersion: text,
            minimumVersion: text,
            keyValue: text,
          }) ?? true,
      }) ?? true,
  });
}

/** A NUL, or a surrogate not in a high-then-low pair. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what is looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const FORMAT_CHARACTER = /\p{Cf}/u;
const CONTEXT_FIELDS: Record<string, (value: unknown) => boolean> = {
  Platform: (value) => isText(value, 64),
  ClientVersion: (value) => isText(value, 64),
  FirstCountry: (value) => isText(value, 8),
  Payer: bool,
  PurchaseCount: (value) => isWhole(value, 0, 2_147_483_647),
  PurchaseAmount: (value) => typeof value === 'number' && Number.isFinite(value) && value >= 0,
};
const BODY_FIELDS = ['userId', 'context', 'level', 'at', 'assignments', 'explain'];

/** The first text (a value, or a field name: then the object holding it) holding a lone surrogate or NUL. */
function unstorableAt(value: unknown, at: Path): Path | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? at : null;
  if (Array.isArray(value)) return listRefusal(value, at, unstorableAt);
  if (!isObject(value)) return null;
  if (Object.keys(value).some((name) => UNSTORABLE.test(name))) return at;
  for (const [name, item] of Object.entries(value)) {
    const found = unstorableAt(item, [...at, name]);
    if (found) return found;
  }
  return null;
}

/** Where the resolve body is refused ("What the resolve call refuses"), or null when it is taken. */
export function referenceRequestRefusal(body: unknown): Path | null {
  const unstorable = unstorableAt(body, []);
  if (unstorable) return unstorable;
  if (!isObject(body) || Object.keys(body).some((name) => !BODY_FIELDS.includes(name))) return [];
  const { userId, context, level, at, assignments, explain } = body;
  if (typeof userId !== 'string' || userId.length < 1 || userId.length > 64 || FORMAT_CHARACTER.test(userId))
    return ['userId'];
  if (context !== undefined) {
    if (!isObject(context)) return ['context'];
    for (const [name, value] of Object.entries(context)) {
      const check = CONTEXT_FIELDS[name];
      if (!check) return ['context'];
      if (!check(value)) return ['context', name];
    }
  }
  if (level !== undefined && !isWhole(level, 1, 1_000_000)) return ['level'];
  if (at !== undefined && !isWhole(at, 946_684_800_000, MAX_TIME)) return ['at'];
  if (assignments !== undefined) {
    if (!isObject(assignments)) return ['assignments'];
    for (const [id, caseIndex] of Object.entries(assignments)) {
      if (id.length > 200 || !isWhole(caseIndex, 0, 1000)) return ['assignments', id];
    }
  }
  if (explain !== undefined && typeof explain !== 'boolean') return ['explain'];
  return null;
}

/** A path as a refusal names the field: steps joined by `.`, each cut at 40 code units with `…`. */
export const fieldOf = (path: Path): string =>
  path.length === 0
    ? 'body'
    : path
        .map((step) => (String(step).length > 40 ? `${String(step).slice(0, 40)}…` : String(step)))
        .join('.');
