import { z } from 'zod';
import { parseRequest } from '../api/request-parse.ts';
import { findEnvironmentFileProblems } from './environment-file.checks.ts';
import {
  ENVIRONMENT_FILE_FORMAT,
  ENVIRONMENT_FILE_LIMITS,
  type EnvironmentFile,
  environmentFileShapeSchema,
} from './environment-file.schemas.ts';

// Reading a file someone sends: its format (upgraded when older, refused when unknown), its depth,
// its shape (no unknown field at any depth), then whether it holds together. Every refusal names the
// field, from the file's top, so the import answers 400 "file.groups.Plugins.3.payload...: ...".

type Path = (string | number)[];
type JsonObject = Record<string, unknown>;

/** Turns a file of format n into one of format n + 1 (its `format` is kept as written). */
export type EnvironmentFileUpgrade = (file: JsonObject) => JsonObject;

export interface EnvironmentFileFormats {
  /** The format this console writes. */
  current: number;
  /** The oldest format it still reads. */
  oldest: number;
  /** upgrades[n] turns format n into n + 1, for every n from oldest to current - 1. */
  upgrades: Readonly<Record<number, EnvironmentFileUpgrade>>;
}

/**
 * Policy: a file of an older format is upgraded in memory, step by step, and then read as a file of
 * the current format; the console keeps the upgrade of every format it has written, so `oldest`
 * stays 1 unless a format is retired on purpose (then files older than `oldest` are refused with a
 * message saying so). A file of a newer format than the console's is refused: update the console.
 */
export const ENVIRONMENT_FILE_FORMATS: EnvironmentFileFormats = {
  current: ENVIRONMENT_FILE_FORMAT,
  oldest: 1,
  upgrades: {},
};

export type UpgradedFile = { ok: true; file: unknown } | { ok: false; path: Path; message: string };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const NOT_A_FILE =
  'must be an environment file: a JSON object with format, environment and groups ' +
  '(export one with npm run env:export or on the Transfer screen)';

/** The file as a file of the current format, or why it cannot be read (its format, with the path). */
export function upgradeEnvironmentFile(
  raw: unknown,
  formats: EnvironmentFileFormats = ENVIRONMENT_FILE_FORMATS,
): UpgradedFile {
  if (!isObject(raw)) return { ok: false, path: [], message: NOT_A_FILE };
  const written = raw.format;
  if (written === undefined) {
    return { ok: false, path: ['format'], message: `is missing: ${NOT_A_FILE}` };
  }
  if (typeof written !== 'number' || !Number.isSafeInteger(written)) {
    return { ok: false, path: ['format'], message: 'must be a whole number, the format version of the file' };
  }
  if (written > formats.current) {
    return {
      ok: false,
      path: ['format'],
      message:
        `${written} is newer than this console reads (format ${formats.current}): ` +
        'update the console, or export the file again with this one',
    };
  }
  if (written < formats.oldest) {
    return {
      ok: false,
      path: ['format'],
      message:
        `${written} is no longer read (this console reads formats ${formats.oldest} to ${formats.current}): ` +
        'export the environment again with a current console',
    };
  }
  let file: JsonObject = raw;
  for (let format = written; format < formats.current; format += 1) {
    const upgrade = formats.upgrades[format];
    if (!upgrade) {
      return { ok: false, path: ['format'], message: `${written} has no upgrade to format ${format + 1}` };
    }
    file = upgrade(file);
  }
  return { ok: true, file: { ...file, format: written } };
}

/** The first place nested deeper than `maxDepth` levels, or null. Walks without recursion. */
export function findTooDeep(value: unknown, maxDepth: number): Path | null {
  // Each visit links to its parent instead of copying its path: a file of many items costs one small
  // object per node, and the path is built only for the one place found.
  type Visit = { value: unknown; key: string | number | null; depth: number; parent: Visit | null };
  const stack: Visit[] = [{ value, key: null, depth: 0, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current !== 'object' || current === null) continue;
    if (visit.depth >= maxDepth) {
      const path: Path = [];
      for (let at: Visit | null = visit; at?.key != null; at = at.parent) path.push(at.key);
      return path.reverse();
    }
    const isList = Array.isArray(current);
    for (const key in current) {
      if (!Object.hasOwn(current, key)) continue;
      const child = (current as Record<string, unknown>)[key];
      if (typeof child !== 'object' || child === null) continue;
      stack.push({ value: child, key: isList ? Number(key) : key, depth: visit.depth + 1, parent: visit });
    }
  }
  return null;
}

/**
 * The first field of `raw` that parsing dropped (a field no schema knows, at any depth), or null:
 * the shape's own objects refuse unknown fields, and this also covers the shared schemas nested in it
 * (a configuration's data, a segment's conditions), which would otherwise drop them silently.
 */
export function findDroppedField(raw: unknown, parsed: unknown): Path | null {
  const stack: { raw: unknown; parsed: unknown; path: Path }[] = [{ raw, parsed, path: [] }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    if (Array.isArray(visit.raw) && Array.isArray(visit.parsed)) {
      const parsedItems = visit.parsed;
      visit.raw.forEach((item, index) => {
        stack.push({ raw: item, parsed: parsedItems[index], path: [...visit.path, index] });
      });
    } else if (isObject(visit.raw) && isObject(visit.parsed)) {
      for (const [key, value] of Object.entries(visit.raw)) {
        if (!Object.hasOwn(visit.parsed, key)) {
          if (value !== undefined) return [...visit.path, key];
          continue;
        }
        stack.push({ raw: value, parsed: visit.parsed[key], path: [...visit.path, key] });
      }
    }
  }
  return null;
}

/**
 * Reads a file as the import does (see the top of this file) and answers the file of the current
 * format, or zod issues naming the field. `format` in the answer is the format as written.
 */
function readEnvironmentFile(raw: unknown, context: z.RefinementCtx): unknown {
  const tooDeep = findTooDeep(raw, ENVIRONMENT_FILE_LIMITS.maxDepth);
  if (tooDeep) {
    context.addIssue({
      code: 'custom',
      path: tooDeep,
      message: `is nested deeper than ${ENVIRONMENT_FILE_LIMITS.maxDepth} levels`,
    });
    return raw;
  }
  const upgraded = upgradeEnvironmentFile(raw);
  if (!upgraded.ok) {
    context.addIssue({ code: 'custom', path: upgraded.path, message: upgraded.message });
    return raw;
  }
  // up to the first issue only: its issues are not reported from here
  const parsed = parseRequest(environmentFileShapeSchema, upgraded.file);
  // A file of the wrong shape is reported by the schema below, with the same paths.
  if (parsed.success) {
    const dropped = findDroppedField(upgraded.file, parsed.data);
    if (dropped) {
      context.addIssue({
        code: 'custom',
        path: dropped.slice(0, -1),
        message: `has the unknown field '${String(dropped.at(-1))}'`,
      });
    }
  }
  return upgraded.file;
}

/** A file of the current format that holds together (every problem of findEnvironmentFileProblems refused). */
export const environmentFileSchema = environmentFileShapeSchema.pipe(
  z.custom<EnvironmentFile>().superRefine((file, context) => {
    for (const problem of findEnvironmentFileProblems(file)) {
      context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    }
  }),
);

/** What an import reads: a file of any readable format, upgraded, shaped and checked. */
export const environmentFileInputSchema = z.preprocess(readEnvironmentFile, environmentFileSchema);
