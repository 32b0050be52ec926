import { describe, expect, it } from 'vitest';
import {
  describePickup,
  GAME_SERVER_LIVE_MS,
  type GameServer,
  type GameServerList,
  summarizePickup,
} from './game-servers.ts';

const CHECKED = Date.UTC(2026, 10, 25, 12, 10, 0);
const at = (hms: string) =>
  Date.UTC(2026, 10, 25, ...(hms.split(':').map(Number) as [number, number, number]));
const utcTime = (ms: number) => new Date(ms).toISOString().slice(11, 19);

const server = (instance: string, revision: number, applied: string, reported = '12:09:30'): GameServer => ({
  instance,
  revision,
  applied: at(applied),
  reported: at(reported),
  address: '10.0.0.1',
});
const listOf = (latestRevision: number | null, instances: GameServer[]): GameServerList => ({
  latestRevision,
  instances,
  checked: CHECKED,
});
const line = (list: GameServerList) => describePickup(summarizePickup(list), utcTime);

describe('pickup confirmation', () => {
  it('names when the last live server caught up with the latest revision', () => {
    const list = listOf(42, [
      server('gs-1', 42, '12:01:00'),
      server('gs-2', 42, '12:03:10'),
      server('gs-3', 42, '12:02:00'),
    ]);
    expect(summarizePickup(list)).toEqual({
      kind: 'current',
      latestRevision: 42,
      live: 3,
      since: at('12:03:10'),
    });
    expect(line(list)).toBe('All 3 game servers run revision 42 since 12:03:10');
    expect(line(listOf(42, [server('gs-1', 42, '12:01:00')]))).toBe(
      'The only game server runs revision 42 since 12:01:00',
    );
  });

  it('lists the servers behind, oldest revision first, naming three and counting the rest', () => {
    expect(line(listOf(42, [server('gs-1', 42, '12:01:00'), server('gs-7', 40, '11:00:00')]))).toBe(
      '1 of 2 game servers is behind revision 42: gs-7 runs revision 40',
    );
    const many = listOf(42, [
      server('e', 41, '11:00:00'),
      server('d', 39, '11:00:00'),
      server('c', 41, '11:00:00'),
      server('b', 40, '11:00:00'),
      server('a', 42, '12:00:00'),
      server('f', 41, '11:00:00'),
    ]);
    expect(line(many)).toBe(
      '5 of 6 game servers are behind revision 42: d runs revision 39, b runs revision 40, c runs revision 41 and 2 more',
    );
  });

  it(`counts only servers that reported in the last ${GAME_SERVER_LIVE_MS / 60_000} minutes`, () => {
    // 12:05:00 is exactly five minutes before the check: still live; 12:04:59 is not.
    const list = listOf(42, [
      server('old', 40, '10:00:00', '12:04:59'),
      server('edge', 42, '12:04:00', '12:05:00'),
    ]);
    expect(line(list)).toBe('The only game server runs revision 42 since 12:04:00');
    expect(line(listOf(42, [server('old', 40, '10:00:00', '11:00:00')]))).toBe(
      'No game server reported in the last 5 minutes',
    );
    expect(line(listOf(42, []))).toBe('No game server reported in the last 5 minutes');
  });

  it('says so when nothing is published yet, and counts a server ahead of the latest as caught up', () => {
    expect(line(listOf(null, [server('gs-1', 3, '12:00:00')]))).toBe(
      'No revision is published in this environment yet',
    );
    expect(line(listOf(5, [server('gs-1', 6, '12:00:00')]))).toBe(
      'The only game server runs revision 5 since 12:00:00',
    );
  });
});
