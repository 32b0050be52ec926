import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '../endpoints/index.ts';
import { RUNTIME_ENDPOINTS } from '../runtime/runtime-endpoints.ts';
import { operationIdOf } from './path.ts';

describe('operationIdOf', () => {
  it.each([
    ['/api/abtest/versions/save', undefined, 'abtestVersionsSave'],
    ['/api/runtime-keys/create', undefined, 'runtimeKeysCreate'],
    ['/api/config/event/gr/list/active', undefined, 'configEventGrListActive'],
    ['/api/id/exist/:kind/:id', undefined, 'idExistByKindById'],
    ['/api/id/exist/{kind}/{id}', undefined, 'idExistByKindById'],
    ['/runtime/v1/grants/pending', undefined, 'runtimeV1GrantsPending'],
    ['/logout', 'GET', 'getLogout'],
    ['/healthz', undefined, 'healthz'],
  ])('%s (%s) → %s', (path, method, expected) => {
    expect(operationIdOf(path, method)).toBe(expected);
  });

  it('gives every declared call its own id', () => {
    const ids = [...ALL_ENDPOINTS, ...RUNTIME_ENDPOINTS].map((endpoint) => operationIdOf(endpoint.path));
    expect(ids.length).toBeGreaterThan(250);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
