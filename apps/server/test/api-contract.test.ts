import { defineEndpoints, listEndpoints } from '@console/domain/api';
import { ALL_ENDPOINTS } from '@console/domain/endpoints';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findContractMismatches } from '../src/http/endpoint.ts';
import { createTestApp, type TestApp } from './helpers.ts';

describe('API contract: the endpoint table and the registered routes agree', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('registers every declared endpoint as a POST', () => {
    const missing = ALL_ENDPOINTS.filter(
      (endpoint) => !t.app.hasRoute({ method: 'POST', url: endpoint.path }),
    );
    expect(missing.map((endpoint) => endpoint.path)).toEqual([]);
  });

  it('declares each path once', () => {
    const paths = ALL_ENDPOINTS.map((endpoint) => endpoint.path);
    expect(paths.length).toBeGreaterThan(0);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('finds a declared endpoint that is not registered and a registered /api route that is not declared', () => {
    const declared = listEndpoints(
      defineEndpoints('demo', {
        one: { path: '/api/demo/one', summary: 'one', response: z.string(), access: 'read' },
        two: { path: '/api/demo/two/:id', summary: 'two', response: z.string(), access: 'read' },
      }),
    );
    const registered = [
      { method: 'POST', url: '/api/demo/one' },
      { method: 'POST', url: '/api/demo/three' },
      { method: 'GET', url: '/healthz' },
    ];
    expect(findContractMismatches(declared, registered)).toEqual([
      'not registered: /api/demo/two/:id',
      'not declared: POST /api/demo/three',
    ]);
    expect(findContractMismatches(declared.slice(0, 1), registered.slice(0, 1))).toEqual([]);
  });
});
