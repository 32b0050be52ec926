import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { WEBHOOK_RESPONSE_KEPT_BYTES } from '@console/domain/webhooks';

// Sending a webhook without server-side request forgery: the URL's host is resolved once, every address
// it resolves to must be public, and the request connects to the address that was checked (no second
// lookup a DNS rebinding could answer differently). Redirects are not followed.

/**
 * Addresses a webhook may not reach (unless WEBHOOKS_ALLOW_PRIVATE_NETWORKS): unspecified, loopback,
 * private, carrier-grade NAT, link-local (with the cloud metadata address 169.254.169.254), multicast and
 * reserved IPv4; unspecified, loopback, unique-local (with the metadata address fd00:ec2::254),
 * link-local and multicast IPv6. IPv4-mapped IPv6 addresses are checked as the IPv4 address they carry.
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv4-mapped IPv6 address carries (::ffff:a.b.c.d or ::ffff:xxxx:xxxx), or null. */
function mappedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether a webhook may connect to this IP address. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !BLOCKED.check(address, 'ipv4');
  if (version !== 6) return false;
  const carried = mappedIpv4(address);
  if (carried !== null) return !BLOCKED.check(carried, 'ipv4');
  return !BLOCKED.check(address, 'ipv6');
}

export interface ResolvedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

export class UnsafeUrlError extends Error {
  override name = 'UnsafeUrlError';
}

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Resolves the URL's host and checks every address (unless private networks are allowed), answering the
 * first to connect to; refuses (UnsafeUrlError, in words naming `url`) a host that resolves to none or to
 * an address not allowed.
 */
export async function resolveWebhookTarget(
  rawUrl: string,
  { allowPrivateNetworks }: { allowPrivateNetworks: boolean },
): Promise<ResolvedTarget> {
  const url = new URL(rawUrl);
  const host = hostOf(url);
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch {
    throw new UnsafeUrlError(`url's host ${host} could not be resolved`);
  }
  if (addresses.length === 0) throw new UnsafeUrlError(`url's host ${host} could not be resolved`);
  if (!allowPrivateNetworks) {
    const refused = addresses.find((candidate) => !isPublicAddress(candidate.address));
    if (refused) {
      throw new UnsafeUrlError(
        `url must reach a public address: ${host} resolves to ${refused.address}, a loopback, private, link-local or reserved address`,
      );
    }
  }
  const [first] = addresses;
  return { url, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}

/** Kept-alive connections for one delivery run, http and https (each request still pins its address). */
export class Agents {
  readonly http = new http.Agent({ keepAlive: true, maxSockets: 1 });
  readonly https = new https.Agent({ keepAlive: true, maxSockets: 1 });
  destroy(): void {
    this.http.destroy();
    this.https.destroy();
  }
}

export interface WebhookResponse {
  /** Null when no answer came: refused, timed out, cut off. */
  status: number | null;
  latencyMs: number;
  /** The first kilobyte of the answer, or why there was none. */
  response: string;
  isSuccess: boolean;
}

/** POSTs the body to the checked address, waiting at most timeoutMs for the whole answer. */
export function postWebhook(
  target: ResolvedTarget,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  agents?: Agents,
): Promise<WebhookResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // Node calls this instead of resolving the host: the connection goes to the checked address.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const { url } = target;
  const isHttps = url.protocol === 'https:';
  const host = hostOf(url);
  return new Promise((resolve) => {
    let isDone = false;
    const finish = (outcome: Omit<WebhookResponse, 'latencyMs'>) => {
      if (isDone) return;
      isDone = true;
      clearTimeout(timer);
      resolve({ ...outcome, latencyMs: elapsed() });
    };
    const request = (isHttps ? https : http).request(
      {
        protocol: url.protocol,
        hostname: host,
        port: url.port || (isHttps ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinned,
        ...(isHttps && isIP(host) === 0 ? { servername: host } : {}),
        agent: agents ? (isHttps ? agents.https : agents.http) : false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < WEBHOOK_RESPONSE_KEPT_BYTES) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        response.on('error', () => {});
        response.on('end', () => {
          const status = response.statusCode ?? null;
          const text = Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_KEPT_BYTES).toString('utf8');
          const isSuccess = status !== null && status >= 200 && status < 300;
          const redirect =
            status !== null && status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
          finish({ status, response: `${text}${redirect}`, isSuccess });
        });
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    request.on('error', (error) => finish({ status: null, response: error.message, isSuccess: false }));
    request.end(body);
  });
}
