import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import {
  RUNTIME_REVISION_EVENT,
  type RuntimeContent,
  type RuntimeRevisionEvent,
  type RuntimeSnapshot,
} from '@console/domain/runtime';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The content codings the snapshot is offered in besides identity. */
export type ContentCoding = 'gzip' | 'br';

/** One environment's current revision, ready to answer any runtime request. */
export interface ServedRevision {
  environmentId: string;
  revision: number;
  hash: string;
  content: RuntimeContent;
  /** `{"payload": snapshot}`, serialised once. */
  body: Buffer;
  /**
   * The body in `coding`, or null when that copy is not smaller. Made on the first request that asks for
   * it (one shared promise, so concurrent first requests compress once), then answered at once.
   */
  compressed(coding: ContentCoding): Buffer | null | Promise<Buffer | null>;
  /** One ETag per representation (RFC 9110: a strong validator differs per content coding). */
  etag: string;
  etagGzip: string;
  etagBrotli: string;
  /** The stream's reset event for this revision: for a client whose revision the history does not hold. */
  resetEvent: string;
}

/** What a revision is served with besides its content. */
export interface RevisionFacts {
  environmentId: string;
  revision: number;
  hash: string;
  created: Date;
  createdBy: string;
}

export function revisionFrame(data: RuntimeRevisionEvent): string {
  return `id: ${data.revision}\nevent: ${RUNTIME_REVISION_EVENT}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** `{"payload": snapshot}` serialised whole (the read of a whole revision). */
export function wholeBodyOf(facts: RevisionFacts, content: RuntimeContent): Buffer {
  const snapshot: RuntimeSnapshot = {
    environment: facts.environmentId,
    revision: facts.revision,
    hash: facts.hash,
    publishedAt: facts.created.toISOString(),
    publishedBy: facts.createdBy,
    content,
  };
  return Buffer.from(JSON.stringify({ payload: snapshot }));
}

const compress = (coding: ContentCoding, body: Buffer): Promise<Buffer> =>
  coding === 'gzip'
    ? gzipAsync(body)
    : brotliAsync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 8, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      });

/** `body` in each coding, compressed when first asked for and kept while the revision is served. */
function lazyCodings(body: Buffer): ServedRevision['compressed'] {
  const made = new Map<ContentCoding, Buffer | null>();
  const making = new Map<ContentCoding, Promise<Buffer | null>>();
  return (coding) => {
    const done = made.get(coding);
    if (done !== undefined) return done;
    let promise = making.get(coding);
    if (promise === undefined) {
      promise = compress(coding, body).then(
        (compressed) => {
          const kept = compressed.length < body.length ? compressed : null;
          made.set(coding, kept);
          return kept;
        },
        (error: unknown) => {
          // Not kept: the next request tries again.
          making.delete(coding);
          throw error;
        },
      );
      making.set(coding, promise);
    }
    return promise;
  };
}

export function serveRevision(facts: RevisionFacts, content: RuntimeContent, body: Buffer): ServedRevision {
  const { environmentId, revision, hash } = facts;
  const tag = `${environmentId}.${revision}.${hash.slice(0, 16)}`;
  return {
    environmentId,
    revision,
    hash,
    content,
    body,
    compressed: lazyCodings(body),
    etag: `"${tag}"`,
    etagGzip: `"${tag}.gz"`,
    etagBrotli: `"${tag}.br"`,
    resetEvent: revisionFrame({
      revision,
      hash,
      previousRevision: null,
      changed: null,
      everythingChanged: true,
    }),
  };
}
