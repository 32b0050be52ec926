import { stableStringify } from '@console/domain/operations';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { niceTransferGroup } from './nice.transfer-group.ts';

const TOKEN = 'nice-SECRET-token-1234567890';

describe('NICE config', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('nice@example.com');
  });

  const call = (url: string, body?: unknown, environment = 'dev') =>
    t.post(`${url}?configuration=${environment}`, body, cookie);
  const auditOf = (environment = 'dev') => t.auditEntries(cookie, environment);

  it('answers an empty token before one is set', async () => {
    expect((await call('/api/nice/get')).json()).toEqual({ payload: { authToken: '' } });
  });

  it('saves the token per environment and audits that it changed, never its value', async () => {
    const response = await call('/api/nice/set', { niceConfig: { authToken: TOKEN } });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(TOKEN);
    expect((await call('/api/nice/get')).json()).toEqual({ payload: { authToken: TOKEN } });
    expect((await call('/api/nice/get', undefined, 'stable')).json()).toEqual({ payload: { authToken: '' } });
    const [entry] = await auditOf();
    expect(entry).toMatchObject({
      action: 'nice.set',
      target: 'authToken',
      attributes: { authToken: '[redacted]', changed: true },
    });
    expect(JSON.stringify(await auditOf())).not.toContain('SECRET');
  });

  it('records an unchanged save and a cleared token without the value', async () => {
    await call('/api/nice/set', { niceConfig: { authToken: TOKEN } });
    expect((await auditOf())[0]!.attributes).toEqual({ authToken: '[redacted]', changed: false });
    await call('/api/nice/set', { niceConfig: { authToken: '' } });
    expect((await auditOf())[0]!.attributes).toEqual({ authToken: '', changed: true });
    expect((await call('/api/nice/get')).json().payload.authToken).toBe('');
    expect(JSON.stringify(await auditOf())).not.toContain('SECRET');
  });

  it.each([
    [
      { authToken: 'two words SECRET' },
      'niceConfig.authToken: authToken must not contain spaces or line breaks',
    ],
    [
      { authToken: `SECRET${'x'.repeat(507)}` },
      'niceConfig.authToken: authToken must be at most 512 characters',
    ],
    [{ authToken: 42 }, 'niceConfig.authToken: authToken must be a text'],
    [{}, 'niceConfig.authToken: authToken must be a text'],
  ])(
    'refuses %j with 400 naming the field, no audit entry, and no echo of the token',
    async (niceConfig, message) => {
      const before = (await auditOf()).length;
      const response = await call('/api/nice/set', { niceConfig });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: message });
      expect(response.body).not.toContain('SECRET');
      expect((await auditOf()).length).toBe(before);
    },
  );

  describe('transfer group', () => {
    const list = (environment: string) =>
      t.app.db.$transaction((tx) => niceTransferGroup.list(tx, environment));

    it('shows the token redacted, with a fingerprint that tells different tokens apart', async () => {
      await call('/api/nice/set', { niceConfig: { authToken: TOKEN } });
      await call('/api/nice/set', { niceConfig: { authToken: 'other-SECRET' } }, 'stable');
      const [dev] = await list('dev');
      const [stable] = await list('stable');
      const [prod] = await list('prod');
      expect(dev).toMatchObject({ id: 'nice', active: true, title: 'Authentication Token' });
      expect(dev!.payload).toEqual({
        authToken: '[redacted]',
        fingerprint: expect.stringMatching(/^[0-9a-f]{8}$/),
      });
      expect(prod!.payload).toEqual({ authToken: '', fingerprint: '' });
      expect(stableStringify(dev)).not.toBe(stableStringify(stable));
      expect(JSON.stringify([dev, stable, prod])).not.toContain('SECRET');
      expect(stableStringify([dev, stable, prod])).not.toContain('SECRET');
    });

    it('copies the real token from the source on write, whatever the item carries, and clears it on remove', async () => {
      const [dev] = await list('dev');
      // The item as the preview answer shows it: redacted, serialised and parsed back.
      const fromJson = JSON.parse(JSON.stringify(dev));
      const context = { email: 'mover@example.com', sourceEnvironmentId: 'dev' };
      await t.app.db.$transaction((tx) => niceTransferGroup.write(tx, 'prod', fromJson, context));
      expect((await call('/api/nice/get', undefined, 'prod')).json().payload.authToken).toBe(TOKEN);
      expect(await list('prod')).toEqual([dev]);
      await t.app.db.$transaction((tx) =>
        niceTransferGroup.remove(tx, 'prod', 'nice', {
          email: 'mover@example.com',
          sourceEnvironmentId: 'dev',
        }),
      );
      expect((await call('/api/nice/get', undefined, 'prod')).json().payload.authToken).toBe('');
    });
  });

  describe('through /api/configuration/transfer', () => {
    it('previews the operations groups without the token and copies the real token, release info and plugins', async () => {
      await call('/api/nice/set', { niceConfig: { authToken: TOKEN } });
      await call('/api/release/kv/set', { keyValue: 'moved=yes;' });
      await call('/api/plugin/activate', { pluginId: 10, active: true });
      const request = { from: 'dev', to: 'prod', mode: 'overwrite' };
      const preview = await t.post('/api/configuration/transfer/preview', request, cookie);
      expect(preview.statusCode).toBe(200);
      expect(preview.body).not.toContain('SECRET');
      const { groups, previewToken } = preview.json().payload;
      expect(groups['NICE config']).toEqual([
        expect.objectContaining({
          id: 'nice',
          operation: 'update',
          payload: expect.objectContaining({ authToken: '[redacted]' }),
        }),
      ]);
      expect(groups['Release info'].find((row: { id: string }) => row.id === 'kv')).toMatchObject({
        operation: 'update',
        payload: { keyValue: 'moved=yes;' },
      });
      expect(groups.Plugins.find((row: { id: number }) => row.id === 10)).toMatchObject({
        operation: 'update',
        active: true,
        title: 'WIN_STREAK',
      });

      const transfer = await t.post('/api/configuration/transfer', { ...request, previewToken }, cookie);
      expect(transfer.statusCode).toBe(200);
      expect(transfer.body).not.toContain('SECRET');
      expect((await call('/api/nice/get', undefined, 'prod')).json().payload.authToken).toBe(TOKEN);
      expect((await call('/api/release/kv/get', undefined, 'prod')).json().payload).toBe('moved=yes;');
      expect((await call('/api/plugin/list/enabled', undefined, 'prod')).json().payload).toMatchObject({
        WIN_STREAK: 10,
      });
      expect(JSON.stringify(await auditOf('prod'))).not.toContain('SECRET');
    });
  });
});
