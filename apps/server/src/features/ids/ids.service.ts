import { randomBytes, randomInt } from 'node:crypto';
import { notFound } from '@console/domain/errors';
import type { EnvironmentContext } from '../../context.ts';
import { idKinds } from './id-kinds.ts';
import { ID_WORDS } from './words.ts';

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const RANDOM_ID_LENGTH = 12;

/** A random lowercase id, short enough for every 36-character id field. */
export function randomId(): string {
  const bytes = randomBytes(RANDOM_ID_LENGTH);
  return Array.from(bytes, (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

export function randomWords(count: number): string {
  return Array.from({ length: count }, () => ID_WORDS[randomInt(ID_WORDS.length)]).join('-');
}

export async function idExists(ctx: EnvironmentContext, kind: string, id: string): Promise<boolean> {
  const check = Object.hasOwn(idKinds, kind) ? idKinds[kind] : undefined;
  if (!check) throw notFound(`Unknown id kind ${kind}`);
  return check(ctx, id);
}
