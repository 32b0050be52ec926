import { RUNTIME_ENDPOINTS, type RuntimeEndpoint } from '@console/domain/runtime';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findRuntimeContractMismatches } from './runtime-endpoint.ts';

const declare = (method: 'GET' | 'POST', path: string): RuntimeEndpoint => ({
  method,
  path,
  summary: path,
  response: z.object({}),
  produces: 'application/json',
  answers: {},
});

describe('the runtime half of the API contract', () => {
  it('finds a declared runtime call not registered (or under another method) and an undeclared /runtime/v1 route', () => {
    const declared = [declare('GET', '/runtime/v1/one'), declare('POST', '/runtime/v1/two')];
    const registered = [
      { method: 'GET', url: '/runtime/v1/one' },
      { method: 'HEAD', url: '/runtime/v1/one' },
      { method: 'GET', url: '/runtime/v1/two' },
      { method: 'POST', url: '/runtime/v1/three' },
      // Outside /runtime/v1: the operator table's business, or nobody's.
      { method: 'GET', url: '/runtime/connect' },
      { method: 'POST', url: '/api/demo' },
    ];
    expect(findRuntimeContractMismatches(declared, registered)).toEqual([
      'not registered: POST /runtime/v1/two',
      'not declared: GET /runtime/v1/two',
      'not declared: POST /runtime/v1/three',
    ]);
    expect(findRuntimeContractMismatches(declared.slice(0, 1), registered.slice(0, 2))).toEqual([]);
  });

  it('declares each runtime call once, under /runtime/v1', () => {
    const routes = RUNTIME_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(routes.length).toBeGreaterThan(0);
    expect(new Set(routes).size).toBe(routes.length);
    for (const route of routes) expect(route).toMatch(/^(GET|POST) \/runtime\/v1\//);
  });
});
