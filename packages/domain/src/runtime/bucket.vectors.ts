// The published bucketing vectors (salt, userId → MurmurHash3 x86_32 of salt + ":" + userId,
// bucket). A game server reimplementing bucketOf checks itself against these. The same table is in
// docs/decisions/0274; bucket.test.ts keeps both equal.

export interface BucketVector {
  readonly salt: string;
  readonly userId: string;
  /** The unsigned 32-bit hash, as 0x and 8 hex digits. */
  readonly hash: string;
  readonly bucket: number;
}

export const BUCKET_VECTORS: readonly BucketVector[] = Object.freeze([
  { salt: 'spring-sale', userId: 'player-1', hash: '0xf0881f54', bucket: 939577 },
  { salt: 'spring-sale', userId: 'player-2', hash: '0x3c212c51', bucket: 234881 },
  { salt: 'spring-sale', userId: '42', hash: '0x9884fe72', bucket: 595779 },
  { salt: 'spring-sale', userId: '1000000', hash: '0x10b107af', bucket: 65201 },
  { salt: 'gold-rush', userId: 'player-1', hash: '0xd00ece9a', bucket: 812725 },
  // 1, 4 and 5 bytes after the salt: the tail and block paths of the hash
  { salt: 'gold-rush', userId: 'a', hash: '0x18df7b3c', bucket: 97160 },
  { salt: 'gold-rush', userId: 'abcd', hash: '0x7f86894f', bucket: 498146 },
  { salt: 'gold-rush', userId: 'abcde', hash: '0xc4a27fa3', bucket: 768104 },
  { salt: 'x', userId: '0', hash: '0xc41b019f', bucket: 766037 },
  { salt: '', userId: 'user', hash: '0xca56fc1d', bucket: 790389 },
  { salt: '7f3a9c2e-1b4d-4e8f-9a6b-2c1d0e9f8a7b', userId: 'P123456789', hash: '0x01b3396a', bucket: 6640 },
  // UTF-8: 2-, 3- and 4-byte characters
  { salt: 'winter', userId: 'joueur-é', hash: '0x1aeef021', bucket: 105208 },
  { salt: 'winter', userId: '玩家', hash: '0x87a818fd', bucket: 529908 },
  { salt: 'winter', userId: '🎮gamer', hash: '0x91113bcd', bucket: 566669 },
]);
