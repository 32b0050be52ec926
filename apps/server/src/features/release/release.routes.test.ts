import { addUtcMonths, RELEASE_TIME_STEP_MS } from '@console/domain/operations';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { releaseTransferGroup } from './release.transfer-group.ts';

const HOUR_MS = 3_600_000;
const nextStepAfter = (timeMs: number) => Math.ceil(timeMs / RELEASE_TIME_STEP_MS) * RELEASE_TIME_STEP_MS;

describe('release info', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('release@example.com');
  });

  const call = (url: string, body?: unknown, environment = 'dev') =>
    t.post(`${url}?configuration=${environment}`, body, cookie);
  const payloadOf = async (url: string, body?: unknown, environment = 'dev') =>
    (await call(url, body, environment)).json().payload;
  const auditOf = (environment = 'dev') => t.auditEntries(cookie, environment);

  it('answers the defaults before anything was saved', async () => {
    expect(await payloadOf('/api/release/content/get')).toEqual({
      nextReleaseTimeMs: 0,
      maxLevel: 1,
      nextMaxLevel: 1,
    });
    expect(await payloadOf('/api/release/client/get')).toEqual({
      remindVersion: '0.0.0',
      minimumVersion: '0.0.0',
    });
    expect(await payloadOf('/api/release/kv/get')).toBe('');
  });

  describe('content', () => {
    it('saves max levels and a release time on a 15-minute step, and audits it', async () => {
      const releaseInfo = {
        nextReleaseTimeMs: nextStepAfter(Date.now() + 24 * HOUR_MS),
        maxLevel: 250,
        nextMaxLevel: 300,
      };
      const response = await call('/api/release/content/set', { releaseInfo });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ payload: releaseInfo });
      expect(await payloadOf('/api/release/content/get')).toEqual(releaseInfo);
      expect((await auditOf())[0]).toMatchObject({
        action: 'release.content.set',
        target: 'content',
        email: 'release@example.com',
        attributes: releaseInfo,
      });
      // Scoped to the environment.
      expect((await payloadOf('/api/release/content/get', undefined, 'stable')).maxLevel).toBe(1);
    });

    it('accepts 0 as no release time and the last step three months ahead', async () => {
      const none = { nextReleaseTimeMs: 0, maxLevel: 1, nextMaxLevel: 1 };
      expect((await call('/api/release/content/set', { releaseInfo: none })).json()).toEqual({
        payload: none,
      });
      const latest = Math.floor(addUtcMonths(Date.now(), 3) / RELEASE_TIME_STEP_MS) * RELEASE_TIME_STEP_MS;
      const response = await call('/api/release/content/set', {
        releaseInfo: { nextReleaseTimeMs: latest - RELEASE_TIME_STEP_MS, maxLevel: 1, nextMaxLevel: 2 },
      });
      expect(response.statusCode).toBe(200);
    });

    const valid = { nextReleaseTimeMs: 0, maxLevel: 10, nextMaxLevel: 20 };
    const future = nextStepAfter(Date.now() + 2 * HOUR_MS);
    it.each([
      [{ ...valid, maxLevel: 0 }, 'releaseInfo.maxLevel: maxLevel must be at least 1'],
      [{ ...valid, nextMaxLevel: 0 }, 'releaseInfo.nextMaxLevel: nextMaxLevel must be at least 1'],
      [{ ...valid, maxLevel: 2.5 }, 'releaseInfo.maxLevel: maxLevel must be a whole number'],
      [{ ...valid, maxLevel: '10' }, 'releaseInfo.maxLevel: maxLevel must be a number'],
      [
        { ...valid, nextReleaseTimeMs: future + 60_000 },
        'releaseInfo.nextReleaseTimeMs: nextReleaseTimeMs must be on a 15-minute step',
      ],
      [
        { ...valid, nextReleaseTimeMs: nextStepAfter(Date.now()) - 4 * RELEASE_TIME_STEP_MS },
        'releaseInfo.nextReleaseTimeMs: nextReleaseTimeMs must not be in the past',
      ],
      [
        { ...valid, nextReleaseTimeMs: nextStepAfter(addUtcMonths(Date.now(), 3) + HOUR_MS) },
        'releaseInfo.nextReleaseTimeMs: nextReleaseTimeMs must be at most three months ahead',
      ],
      [
        { ...valid, nextReleaseTimeMs: -900_000 },
        'releaseInfo.nextReleaseTimeMs: nextReleaseTimeMs must be at least 0',
      ],
    ])('refuses %j with 400 naming the field and writes no audit entry', async (releaseInfo, message) => {
      const before = (await auditOf()).length;
      const stored = await payloadOf('/api/release/content/get');
      const response = await call('/api/release/content/set', { releaseInfo });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: message });
      expect((await auditOf()).length).toBe(before);
      expect(await payloadOf('/api/release/content/get')).toEqual(stored);
    });

    it('refuses a body without releaseInfo', async () => {
      const response = await call('/api/release/content/set', { maxLevel: 3 });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/^releaseInfo: /);
    });
  });

  describe('client version', () => {
    it('saves both versions without touching the content section, and audits it', async () => {
      const content = await payloadOf('/api/release/content/get');
      const releaseInfo = { remindVersion: '1.4.0', minimumVersion: '1.2' };
      expect((await call('/api/release/client/set', { releaseInfo })).json()).toEqual({
        payload: releaseInfo,
      });
      expect(await payloadOf('/api/release/client/get')).toEqual(releaseInfo);
      expect(await payloadOf('/api/release/content/get')).toEqual(content);
      expect((await auditOf())[0]).toMatchObject({
        action: 'release.client.set',
        target: 'client',
        attributes: releaseInfo,
      });
    });

    it('defaults a missing version to 0.0.0', async () => {
      const response = await call(
        '/api/release/client/set',
        { releaseInfo: { remindVersion: '2.0.0' } },
        'stable',
      );
      expect(response.json()).toEqual({ payload: { remindVersion: '2.0.0', minimumVersion: '0.0.0' } });
    });

    it.each([
      [
        { remindVersion: '1.2-beta' },
        'releaseInfo.remindVersion: remindVersion must be 1 to 4 numbers separated by dots, like 1.2.3',
      ],
      [
        { minimumVersion: `1.${'2'.repeat(35)}` },
        'releaseInfo.minimumVersion: minimumVersion must be at most 36 characters',
      ],
      [{ minimumVersion: 3 }, 'releaseInfo.minimumVersion: minimumVersion must be a text'],
    ])('refuses %j with 400 naming the field and writes no audit entry', async (releaseInfo, message) => {
      const before = (await auditOf()).length;
      const response = await call('/api/release/client/set', { releaseInfo });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: message });
      expect((await auditOf()).length).toBe(before);
    });
  });

  describe('key-value', () => {
    it('saves the text, answers it, and audits it', async () => {
      const response = await call('/api/release/kv/set', { keyValue: 'shop=on;ads=;' });
      expect(response.json()).toEqual({ payload: 'shop=on;ads=;' });
      expect(await payloadOf('/api/release/kv/get')).toBe('shop=on;ads=;');
      expect((await auditOf())[0]).toMatchObject({
        action: 'release.kv.set',
        target: 'kv',
        attributes: { keyValue: 'shop=on;ads=;' },
      });
      expect((await call('/api/release/kv/set', { keyValue: '' })).json()).toEqual({ payload: '' });
      expect(await payloadOf('/api/release/client/get')).toEqual({
        remindVersion: '1.4.0',
        minimumVersion: '1.2',
      });
    });

    it('accepts exactly 36 characters', async () => {
      const keyValue = `k=${'v'.repeat(33)};`;
      expect(keyValue).toHaveLength(36);
      expect((await call('/api/release/kv/set', { keyValue })).statusCode).toBe(200);
    });

    it.each([
      [
        'shop=on',
        "keyValue: keyValue must be pairs like key=value; with a non-empty key and no spaces, '=' or ';' inside",
      ],
      [
        '=on;',
        "keyValue: keyValue must be pairs like key=value; with a non-empty key and no spaces, '=' or ';' inside",
      ],
      [
        'a b=1;',
        "keyValue: keyValue must be pairs like key=value; with a non-empty key and no spaces, '=' or ';' inside",
      ],
      ['a=1;a=2;', "keyValue: keyValue has the key 'a' more than once"],
      [`k=${'v'.repeat(34)};`, 'keyValue: keyValue must be at most 36 characters'],
    ])('refuses %j with 400 naming the field and writes no audit entry', async (keyValue, message) => {
      const before = (await auditOf()).length;
      const response = await call('/api/release/kv/set', { keyValue });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: message });
      expect((await auditOf()).length).toBe(before);
    });
  });

  describe('transfer group', () => {
    const list = (environment: string) =>
      t.app.db.$transaction((tx) => releaseTransferGroup.list(tx, environment));

    it('lists content, client and kv with their values', async () => {
      await call('/api/release/kv/set', { keyValue: 'x=1;' });
      const items = await list('dev');
      expect(items.map((item) => item.id)).toEqual(['content', 'client', 'kv']);
      expect(items[1]).toEqual({
        id: 'client',
        active: true,
        title: 'Client version',
        payload: { remindVersion: '1.4.0', minimumVersion: '1.2' },
      });
      expect(items[2]!.payload).toEqual({ keyValue: 'x=1;' });
    });

    it('writes every section to another environment and resets a removed one', async () => {
      const source = await list('dev');
      await t.app.db.$transaction(async (tx) => {
        for (const item of source)
          await releaseTransferGroup.write(tx, 'prod', item, {
            email: 'mover@example.com',
            sourceEnvironmentId: 'dev',
          });
      });
      expect(await list('prod')).toEqual(source);
      await t.app.db.$transaction((tx) =>
        releaseTransferGroup.remove(tx, 'prod', 'kv', {
          email: 'mover@example.com',
          sourceEnvironmentId: 'dev',
        }),
      );
      expect(await payloadOf('/api/release/kv/get', undefined, 'prod')).toBe('');
      expect(await payloadOf('/api/release/client/get', undefined, 'prod')).toEqual(source[1]!.payload);
    });
  });
});
