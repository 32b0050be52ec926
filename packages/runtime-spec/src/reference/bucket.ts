// Section 1 of v1/README.md, from the document alone: MurmurHash3 x86_32 over the UTF-8 bytes of
// salt + ":" + userId, scaled to [0, 1,000,000) in exact integers.

const encoder = new TextEncoder();

function rotl(value: number, bits: number): number {
  return ((value << bits) | (value >>> (32 - bits))) >>> 0;
}

function multiply(a: number, b: number): number {
  return Number((BigInt(a) * BigInt(b)) & 0xffffffffn);
}

/** MurmurHash3 x86_32 of `bytes` with seed 0, unsigned. */
export function murmur3(bytes: Uint8Array): number {
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  let h = 0;
  const blocks = Math.floor(bytes.length / 4);
  for (let block = 0; block < blocks; block += 1) {
    const at = block * 4;
    let k = (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
    k = multiply(rotl(multiply(k, c1), 15), c2);
    h = (h ^ k) >>> 0;
    h = (multiply(rotl(h, 13), 5) + 0xe6546b64) % 2 ** 32;
  }
  const tail = blocks * 4;
  const left = bytes.length - tail;
  if (left > 0) {
    let k = 0;
    if (left === 3) k ^= bytes[tail + 2]! << 16;
    if (left >= 2) k ^= bytes[tail + 1]! << 8;
    k ^= bytes[tail]!;
    k = multiply(rotl(multiply(k >>> 0, c1), 15), c2);
    h = (h ^ k) >>> 0;
  }
  h = (h ^ bytes.length) >>> 0;
  h = (h ^ (h >>> 16)) >>> 0;
  h = multiply(h, 0x85ebca6b);
  h = (h ^ (h >>> 13)) >>> 0;
  h = multiply(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The player's bucket in a test: floor(hash × 1,000,000 / 2^32). */
export function bucket(salt: string, userId: string): number {
  const hash = murmur3(encoder.encode(`${salt}:${userId}`));
  return Number((BigInt(hash) * 1_000_000n) >> 32n);
}
