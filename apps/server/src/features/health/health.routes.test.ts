import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { readSettings } from '../../settings.ts';
import { httpClient } from '../../testing/index.ts';

describe('health checks', () => {
  it('answers /readyz 503 with the one error shape when the database cannot be reached', async () => {
    const app = await buildApp({
      settings: readSettings({ AUTH_DEV_LOGIN: 'true' }, 'postgresql://unused@127.0.0.1:1/none'),
      logger: false,
    });
    try {
      const ready = await httpClient(app).request({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ error: 'Database unreachable', code: 'UNAVAILABLE' });
      expect(ready.headers['retry-after']).toBe('1');
      const health = await httpClient(app).request({ method: 'GET', url: '/healthz' });
      expect(health.json()).toEqual({ payload: { status: 'ok' } });
    } finally {
      await app.close();
    }
  });
});
