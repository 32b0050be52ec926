import { z } from 'zod';

// Pickup confirmation: game servers report the revision they applied (POST
// /runtime/v1/applied); the Connections screen shows, per environment, which revision each runs and
// whether every live one has caught up with the latest published revision.

/** A game server counts as live while its latest report is at most this old. */
export const GAME_SERVER_LIVE_MS = 5 * 60_000;
/** Game servers report on every applied revision and at least this often (the SDK does), so they stay live. */
export const GAME_SERVER_REPORT_INTERVAL_MS = 60_000;
/** The console forgets an instance this long after its latest report... */
export const GAME_SERVER_RETENTION_MS = 24 * 60 * 60_000;
/** ...and remembers at most this many per environment (the most recently reporting ones). */
export const GAME_SERVERS_PER_ENVIRONMENT = 1000;
/** How many servers that are behind the summary names; the rest are counted. */
const NAMED_BEHIND = 3;

export const gameServerSchema = z.object({
  instance: z.string(),
  revision: z.number().int(),
  /** UTC ms: when it first reported this revision */
  applied: z.number(),
  /** UTC ms: its latest report */
  reported: z.number(),
  address: z.string(),
});
export type GameServer = z.infer<typeof gameServerSchema>;

export const gameServerListResponseSchema = z.object({
  /** The environment's latest published revision; null before the first. */
  latestRevision: z.number().int().nullable(),
  /** Remembered instances, latest report first. */
  instances: z.array(gameServerSchema),
  /** UTC ms of the answer, by the database's clock that also stamped the reports. */
  checked: z.number(),
});
export type GameServerList = z.infer<typeof gameServerListResponseSchema>;

export type PickupSummary =
  | { kind: 'unpublished' }
  | { kind: 'silent'; latestRevision: number }
  /** Every live server runs the latest revision; `since` is when the last of them caught up. */
  | { kind: 'current'; latestRevision: number; live: number; since: number }
  | { kind: 'behind'; latestRevision: number; live: number; behind: GameServer[] };

export const isLive = (server: GameServer, checked: number, liveMs = GAME_SERVER_LIVE_MS) =>
  checked - server.reported <= liveMs;

/** Whether a published change has reached every game server that reported in the last `liveMs`. */
export function summarizePickup(list: GameServerList, liveMs = GAME_SERVER_LIVE_MS): PickupSummary {
  const { latestRevision, checked } = list;
  if (latestRevision === null) return { kind: 'unpublished' };
  const live = list.instances.filter((server) => isLive(server, checked, liveMs));
  if (live.length === 0) return { kind: 'silent', latestRevision };
  // A revision number above the latest cannot be current elsewhere: it only counts as caught up.
  const behind = live
    .filter((server) => server.revision < latestRevision)
    .sort((a, b) => a.revision - b.revision || a.instance.localeCompare(b.instance));
  if (behind.length > 0) return { kind: 'behind', latestRevision, live: live.length, behind };
  const since = Math.max(...live.map((server) => server.applied));
  return { kind: 'current', latestRevision, live: live.length, since };
}

const servers = (count: number) => `${count} game server${count === 1 ? '' : 's'}`;

/** The one line the Connections screen shows; `formatTime` renders a UTC ms time for the operator. */
export function describePickup(
  summary: PickupSummary,
  formatTime: (utcMs: number) => string,
  liveMs = GAME_SERVER_LIVE_MS,
): string {
  switch (summary.kind) {
    case 'unpublished':
      return 'No revision is published in this environment yet';
    case 'silent':
      return `No game server reported in the last ${Math.round(liveMs / 60_000)} minutes`;
    case 'current': {
      const who = summary.live === 1 ? 'The only game server runs' : `All ${servers(summary.live)} run`;
      return `${who} revision ${summary.latestRevision} since ${formatTime(summary.since)}`;
    }
    case 'behind': {
      const { behind, live, latestRevision } = summary;
      const named = behind
        .slice(0, NAMED_BEHIND)
        .map((server) => `${server.instance} runs revision ${server.revision}`);
      const more = behind.length > NAMED_BEHIND ? ` and ${behind.length - NAMED_BEHIND} more` : '';
      const verb = behind.length === 1 ? 'is' : 'are';
      return `${behind.length} of ${servers(live)} ${verb} behind revision ${latestRevision}: ${named.join(', ')}${more}`;
    }
  }
}
