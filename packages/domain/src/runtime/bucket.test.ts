import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUCKET_SEPARATOR,
  bucketOf,
  bucketOfHash,
  bucketOfPlayer,
  encodePlayerId,
  murmur3OfText,
  prepareSalt,
} from './bucket.ts';
import { BUCKET_VECTORS, type BucketVector } from './bucket.vectors.ts';
import { BUCKET_COUNT } from './snapshot.ts';

/** MurmurHash3 x86_32 written the textbook way (TextEncoder, DataView), to check the fast one against. */
function referenceMurmur3(text: string, seed = 0): number {
  const bytes = new TextEncoder().encode(text);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rotl = (x: number, r: number) => (x << r) | (x >>> (32 - r));
  let h = seed;
  const blocks = Math.floor(bytes.length / 4);
  for (let i = 0; i < blocks; i += 1) {
    let k = view.getUint32(i * 4, true);
    k = Math.imul(rotl(Math.imul(k, 0xcc9e2d51), 15), 0x1b873593);
    h = Math.imul(rotl(h ^ k, 13), 5) + 0xe6546b64;
  }
  let k = 0;
  for (let j = bytes.length - 1; j >= blocks * 4; j -= 1) k = (k << 8) | bytes[j]!;
  if (bytes.length % 4 !== 0) h ^= Math.imul(rotl(Math.imul(k, 0xcc9e2d51), 15), 0x1b873593);
  h ^= bytes.length;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The vector table of docs/decisions/0274: rows `| "salt" | "userId" | 0x… | bucket |`. */
function vectorsInDecisions(): BucketVector[] {
  const text = readFileSync(
    new URL('../../../../docs/decisions/0274-runtime-rules-bucket.md', import.meta.url),
    'utf8',
  );
  const rows = text
    .split('\n')
    .filter((line) => /^\| ".*" +\| ".*" +\| `0x[0-9a-f]{8}` +\| \d+ +\|$/.test(line));
  return rows.map((line) => {
    const [salt, userId, hash, bucket] = line
      .slice(2, -2)
      .split(/ +\| /)
      .map((cell) => cell.trim());
    return {
      salt: JSON.parse(salt!),
      userId: JSON.parse(userId!),
      hash: hash!.slice(1, -1),
      bucket: Number(bucket),
    };
  });
}

describe('bucketOf', () => {
  it('matches the published MurmurHash3 x86_32 values', () => {
    expect(murmur3OfText('')).toBe(0);
    expect(murmur3OfText('hello')).toBe(0x248bfa47);
    expect(murmur3OfText('The quick brown fox jumps over the lazy dog')).toBe(0x2e4ff723);
    expect(murmur3OfText('hello', 1)).toBe(referenceMurmur3('hello', 1));
  });

  it.each(BUCKET_VECTORS)('vector $salt / $userId → $bucket', ({ salt, userId, hash, bucket }) => {
    const hashed = murmur3OfText(salt + BUCKET_SEPARATOR + userId);
    expect(`0x${hashed.toString(16).padStart(8, '0')}`).toBe(hash);
    expect(bucketOf(salt, userId)).toBe(bucket);
  });

  it('publishes the same vectors in its decision record as in bucket.vectors.ts', () => {
    expect(vectorsInDecisions()).toEqual(BUCKET_VECTORS);
  });

  it('agrees with a textbook implementation over TextEncoder on any text, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
        expect(murmur3OfText(text)).toBe(referenceMurmur3(text));
      }),
      { seed: 1313, numRuns: 2000 },
    );
    // a long text after a short one (the reused buffer grows) and a short one again
    const long = 'é'.repeat(500);
    expect(murmur3OfText(long)).toBe(referenceMurmur3(long));
    expect(murmur3OfText('ab')).toBe(referenceMurmur3('ab'));
  });

  it('gives the same bucket from a prepared salt and an encoded id (the resolution path)', () => {
    for (const { salt, userId, bucket } of BUCKET_VECTORS) {
      expect(bucketOfPlayer(prepareSalt(salt), encodePlayerId(userId))).toBe(bucket);
    }
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ unit: 'binary', maxLength: 70 }),
        (salt, id) => {
          expect(bucketOfPlayer(prepareSalt(salt), encodePlayerId(id))).toBe(bucketOf(salt, id));
        },
      ),
      { seed: 4, numRuns: 2000 },
    );
    // one encoded id hashed under salts leaving each of 0-3 bytes over (its words by shift are reused)
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 12 }), { minLength: 4, maxLength: 8 }),
        fc.string(),
        (salts, id) => {
          const encoded = encodePlayerId(id);
          for (const salt of [...salts, ...salts]) {
            expect(bucketOfPlayer(prepareSalt(salt), encoded)).toBe(bucketOf(salt, id));
          }
        },
      ),
      { seed: 5, numRuns: 500 },
    );
  });

  it('scales the hash onto [0, 1,000,000) without a modulo', () => {
    expect(bucketOfHash(0)).toBe(0);
    expect(bucketOfHash(4294)).toBe(0);
    expect(bucketOfHash(4295)).toBe(1);
    expect(bucketOfHash(0xffffffff)).toBe(BUCKET_COUNT - 1);
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), (salt, userId) => {
        const bucket = bucketOf(salt, userId);
        expect(Number.isInteger(bucket) && bucket >= 0 && bucket < BUCKET_COUNT).toBe(true);
      }),
      { seed: 7, numRuns: 500 },
    );
  });

  it('spreads sequential player ids evenly over ten deciles', () => {
    const counts = Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i += 1) {
      const decile = Math.floor(bucketOf('spring-sale', `player-${i}`) / (BUCKET_COUNT / 10));
      counts[decile]! += 1;
    }
    // 10,000 expected per decile; 4 standard deviations is about ±380
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(400);
  });

  it('gives another split for another salt', () => {
    const same = Array.from({ length: 1000 }, (_, i) => `p${i}`).filter(
      (id) => Math.floor(bucketOf('a', id) / 500_000) === Math.floor(bucketOf('b', id) / 500_000),
    ).length;
    expect(same).toBeGreaterThan(400);
    expect(same).toBeLessThan(600);
  });
});
