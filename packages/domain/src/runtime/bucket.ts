import { BUCKET_COUNT } from './snapshot.ts';

// A player's bucket is a fixed hash of (test salt, player id) in [0, BUCKET_COUNT). A game
// server in another language must be able to compute the same bucket, so the recipe is plain and
// published with vectors (bucket.vectors.ts and docs/decisions/0274):
//
//   bytes  = UTF-8 of salt + ":" + userId   (a lone surrogate is encoded as U+FFFD, as TextEncoder does)
//   hash   = MurmurHash3 x86_32 of bytes with seed 0, an unsigned 32-bit integer
//   bucket = floor(hash × 1,000,000 / 2^32)
//
// Scaling instead of a modulo: every bucket receives 4,294 or 4,295 of the 2^32 hashes, a
// difference of 0.023% between buckets. hash × 1,000,000 < 2^52, so the product is exact in a double.
// No node:crypto and no TextEncoder: the bytes are written into one reused buffer, which keeps it fast
// (several million buckets a second, no allocation but the joined text) and runnable in browsers.

/** The separator between salt and player id in the hashed text. */
export const BUCKET_SEPARATOR = ':';

const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;
const TWO_POW_32 = 4_294_967_296;

// Reused between calls: the UTF-8 bytes of the text being hashed (grown when a longer text comes).
let scratch = new Uint8Array(256);

/** Writes the UTF-8 bytes of `text` into `scratch` (a lone surrogate as U+FFFD); answers their count. */
function encodeUtf8(text: string): number {
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  const bytes = scratch;
  let length = 0;
  for (let i = 0; i < text.length; i += 1) {
    let code = text.charCodeAt(i);
    if (code < 0x80) {
      bytes[length++] = code;
    } else if (code < 0x800) {
      bytes[length++] = 0xc0 | (code >> 6);
      bytes[length++] = 0x80 | (code & 0x3f);
    } else {
      if (code >= 0xd800 && code <= 0xdfff) {
        const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
        if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
          i += 1;
          bytes[length++] = 0xf0 | (code >> 18);
          bytes[length++] = 0x80 | ((code >> 12) & 0x3f);
          bytes[length++] = 0x80 | ((code >> 6) & 0x3f);
          bytes[length++] = 0x80 | (code & 0x3f);
          continue;
        }
        code = 0xfffd;
      }
      bytes[length++] = 0xe0 | (code >> 12);
      bytes[length++] = 0x80 | ((code >> 6) & 0x3f);
      bytes[length++] = 0x80 | (code & 0x3f);
    }
  }
  return length;
}

/** Mixes the whole 4-byte blocks of bytes[0, end) into h (end a multiple of 4). */
function mixBlocks(bytes: Uint8Array, end: number, h: number): number {
  for (let i = 0; i < end; i += 4) {
    let k = bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24);
    k = Math.imul(k, C1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, C2);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  return h;
}

/** Mixes the last 0-3 bytes, the total length, and the final avalanche. */
function finish(bytes: Uint8Array, blocksEnd: number, tail: number, totalLength: number, h: number): number {
  if (tail > 0) {
    let k = 0;
    if (tail === 3) k ^= bytes[blocksEnd + 2]! << 16;
    if (tail >= 2) k ^= bytes[blocksEnd + 1]! << 8;
    k ^= bytes[blocksEnd]!;
    k = Math.imul(k, C1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, C2);
    h ^= k;
  }
  h ^= totalLength;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** MurmurHash3 x86_32 of the UTF-8 bytes of `text`, as an unsigned 32-bit integer. */
export function murmur3OfText(text: string, seed = 0): number {
  const length = encodeUtf8(text);
  const blocksEnd = length & ~3;
  return finish(scratch, blocksEnd, length & 3, length, mixBlocks(scratch, blocksEnd, seed | 0));
}

/**
 * A salt hashed once for many players: the hash state after the whole blocks of `salt + ":"` and
 * the 0-3 bytes left over. bucketOfPlayer continues from it, so only the player id is hashed per call.
 */
export interface PreparedSalt {
  readonly state: number;
  readonly rest: Uint8Array;
  /** The bytes left over as the low bytes of a little-endian word. */
  readonly restWord: number;
  readonly length: number;
}

export function prepareSalt(salt: string): PreparedSalt {
  const length = encodeUtf8(salt + BUCKET_SEPARATOR);
  const blocksEnd = length & ~3;
  const rest = scratch.slice(blocksEnd, length);
  const restWord = rest.reduce((word, byte, index) => word | (byte << (8 * index)), 0);
  return { state: mixBlocks(scratch, blocksEnd, 0), rest, restWord, length };
}

/** A player id's UTF-8 bytes, encoded once per resolution and hashed under every salt. */
export interface EncodedPlayerId {
  /** bytes[0, length) are the id's; the buffer is reused by the next encodePlayerId call. */
  readonly bytes: Uint8Array;
  readonly length: number;
}

// The current player's id, kept apart from `scratch` (which hashing a salt reuses).
let playerIdBytes = new Uint8Array(256);

/**
 * A player id's UTF-8 bytes, encoded once per resolution into a reused buffer (no allocation per
 * player): valid until the next call, which is all a resolution needs.
 */
export function encodePlayerId(userId: string): EncodedPlayerId {
  const length = encodeUtf8(userId);
  if (playerIdBytes.length < length) playerIdBytes = new Uint8Array(length * 2);
  const bytes = playerIdBytes;
  for (let index = 0; index < length; index += 1) bytes[index] = scratch[index]!;
  return { bytes, length };
}

/** Mixes one 4-byte block `k` into h. */
function mixBlock(h: number, block: number): number {
  let k = Math.imul(block, C1);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, C2);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** bucketOf(salt, userId) from the prepared salt and the encoded id: the same bucket, less work. */
export function bucketOfPlayer(salt: PreparedSalt, id: EncodedPlayerId): number {
  const { bytes, length: idLength } = id;
  const restLength = salt.rest.length;
  const totalLength = salt.length + idLength;
  let h = salt.state;
  // The first block: the salt's 0-3 bytes left over and the id's first 4 − restLength bytes.
  let used = 0;
  if (restLength > 0) {
    const needed = 4 - restLength;
    if (idLength < needed) {
      // salt rest and the whole id make less than a block: all of it is the tail
      let tail = salt.restWord;
      for (let index = 0; index < idLength; index += 1) tail |= bytes[index]! << (8 * (restLength + index));
      return bucketOfHash(finishTail(h, tail, restLength + idLength, totalLength));
    }
    let block = salt.restWord;
    for (let index = 0; index < needed; index += 1) block |= bytes[index]! << (8 * (restLength + index));
    h = mixBlock(h, block);
    used = needed;
  }
  // the id's whole blocks from there, read as little-endian words in place
  for (; used + 4 <= idLength; used += 4) {
    h = mixBlock(
      h,
      bytes[used]! | (bytes[used + 1]! << 8) | (bytes[used + 2]! << 16) | (bytes[used + 3]! << 24),
    );
  }
  let tail = 0;
  for (let index = used; index < idLength; index += 1) tail |= bytes[index]! << (8 * (index - used));
  return bucketOfHash(finishTail(h, tail, idLength - used, totalLength));
}

/** The last 0-3 bytes (as a little-endian word), the total length, and the final avalanche. */
function finishTail(h: number, tail: number, tailLength: number, totalLength: number): number {
  if (tailLength > 0) {
    let k = Math.imul(tail, C1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, C2);
    h ^= k;
  }
  h ^= totalLength;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The bucket of an unsigned 32-bit hash: floor(hash × BUCKET_COUNT / 2^32). */
export function bucketOfHash(hash: number): number {
  return Math.floor((hash * BUCKET_COUNT) / TWO_POW_32);
}

/** The player's bucket in [0, BUCKET_COUNT) for an A/B-test's salt (recipe above). */
export function bucketOf(salt: string, userId: string): number {
  return bucketOfHash(murmur3OfText(salt + BUCKET_SEPARATOR + userId));
}
