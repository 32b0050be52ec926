import { countConformanceTests, loadConformanceSuite, loadRefusals } from '@console/runtime-spec';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../abtest/countries.ts';
import { stableStringify } from '../operations/stable-stringify.ts';
import { receiptOf } from './resolution.schemas.ts';
import { resolvePlayer, resolveReceipt } from './resolve.ts';
import { checkResolveRequest, ResolveInputError } from './resolve-request-check.ts';
import { resolveRequestSchema } from './runtime-api.ts';
import { runtimeContentSchema, runtimeSnapshotSchema } from './snapshot.ts';

// The runtime specification's conformance suite (packages/runtime-spec/v1), whose expected answers come
// from a reference implementation written from the specification's text: the domain's resolution (what
// the server and the SDK run) must give every receipt exactly.

const suite = loadConformanceSuite('v1');

describe('runtime specification v1', () => {
  it('holds several hundred tests over valid snapshots, each a resolve call the server accepts', () => {
    expect(countConformanceTests(suite)).toBeGreaterThanOrEqual(300);
    // A snapshot's hash names its content (the specification, "The snapshot's content"): one hash, one content.
    const contentOfHash = new Map<string, string>();
    for (const { file, snapshot, tests } of suite) {
      expect({ file, snapshot: runtimeSnapshotSchema.parse(snapshot) }).toEqual({ file, snapshot });
      const content = stableStringify(snapshot.content);
      expect({ file, content: contentOfHash.get(snapshot.hash) ?? content }).toEqual({ file, content });
      contentOfHash.set(snapshot.hash, content);
      for (const test of tests) {
        const body = { ...test.player, at: test.at, assignments: test.assignments };
        expect(resolveRequestSchema.safeParse(body).error?.issues ?? []).toEqual([]);
      }
    }
  });

  it('lists the countries a FirstCountry condition may name as the domain does', async () => {
    const { readFileSync } = await import('node:fs');
    const { conformanceDirectory } = await import('@console/runtime-spec');
    const listed = JSON.parse(
      readFileSync(`${conformanceDirectory('v1')}countries.json`, 'utf8'),
    ) as string[];
    expect(listed).toEqual([...COUNTRY_CODES].sort());
  });

  for (const { file, name, snapshot, tests } of suite) {
    it(`${file} (${name}): resolveReceipt and resolvePlayer give every expected receipt`, () => {
      const content = runtimeContentSchema.parse(snapshot.content);
      const failures: string[] = [];
      for (const test of tests) {
        const input = { ...test.player, assignments: test.assignments };
        const receipt = JSON.parse(JSON.stringify(resolveReceipt(content, input, test.at)));
        const explained = JSON.parse(JSON.stringify(receiptOf(resolvePlayer(content, input, test.at))));
        if (JSON.stringify(receipt) !== JSON.stringify(explained))
          failures.push(`${test.description}: receipt ≠ explanation`);
        try {
          expect(receipt).toEqual(test.expected);
        } catch (error) {
          failures.push(
            `${test.description}: ${(error as Error).message.split('\n').slice(0, 40).join('\n')}`,
          );
        }
      }
      expect(failures.slice(0, 3)).toEqual([]);
    });
  }

  const refusals = loadRefusals('v1');

  it('refuses every body of refusals.json with ResolveInputError naming the field, in the 400’s words', () => {
    for (const { description, body, field, error } of refusals.requests) {
      let thrown: unknown = null;
      try {
        checkResolveRequest(body);
      } catch (caught) {
        thrown = caught;
      }
      expect(thrown, description).toBeInstanceOf(ResolveInputError);
      const { field: named, message } = thrown as ResolveInputError;
      expect({ description, field: named, message }).toEqual({ description, field, message: error });
    }
  });

  it('refuses every snapshot of refusals.json, first where it says', () => {
    for (const { description, snapshot, path } of refusals.snapshots) {
      const parsed = runtimeSnapshotSchema.safeParse(snapshot);
      expect({ description, path: parsed.error?.issues[0]?.path }).toEqual({ description, path });
    }
  });
});
