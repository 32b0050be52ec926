import { defineEndpoints } from '@console/domain/api';
import { type QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ActiveEnvironmentContext } from '../shell/environment/environment.context.ts';
import { fail, fakeApi, ok } from '../test/fakeApi.ts';
import {
  featureKey,
  GLOBAL_SCOPE,
  useEndpointBatchMutation,
  useEndpointFamilyMutation,
  useEndpointMutation,
} from './hooks.ts';
import { createQueryClient } from './queryClient.ts';

// Two small features of made-up calls, so the test states its own answers.
const counter = defineEndpoints('counter', {
  add: {
    path: '/api/counter/add',
    access: 'change',
    summary: 'add',
    body: z.object({ by: z.number(), to: z.string().optional() }),
    response: z.number(),
  },
  subtract: {
    path: '/api/counter/subtract',
    access: 'change',
    summary: 'subtract',
    body: z.object({ by: z.number() }),
    response: z.number(),
  },
});

const KEYS = {
  counterDev: [...featureKey('counter', 'dev'), 'list'],
  counterGlobal: [...featureKey('counter', GLOBAL_SCOPE), 'list'],
  counterStable: [...featureKey('counter', 'stable'), 'list'],
  otherDev: [...featureKey('other', 'dev'), 'list'],
  unrelatedDev: [...featureKey('unrelated', 'dev'), 'list'],
} satisfies Record<string, QueryKey>;

/** A query client holding one fresh answer under each key, and a wrapper in the `dev` environment. */
function setUp() {
  const queryClient = createQueryClient();
  for (const key of Object.values(KEYS)) queryClient.setQueryData(key, 'cached');
  const environment = { active: 'dev', environments: ['dev', 'stable'], isReady: true, select() {} };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ActiveEnvironmentContext value={environment}>{children}</ActiveEnvironmentContext>
    </QueryClientProvider>
  );
  return { queryClient, wrapper };
}

const stale = (queryClient: QueryClient) =>
  Object.entries(KEYS)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();

describe('the generic mutation hooks', () => {
  it("calls in the active environment and reloads its feature's and the listed features' queries there", async () => {
    const api = fakeApi({ '/api/counter/add': () => ok(3) });
    const { queryClient, wrapper } = setUp();
    const { result } = renderHook(() => useEndpointMutation(counter.add, { invalidates: ['other'] }), {
      wrapper,
    });
    await expect(result.current.mutateAsync({ by: 2 })).resolves.toBe(3);
    expect(api.calls).toEqual([{ path: '/api/counter/add', configuration: 'dev', body: { by: 2 } }]);
    expect(stale(queryClient)).toEqual(['counterDev', 'counterGlobal', 'otherDev']);
  });

  it('reloads nothing after a refusal, unless asked to (a refusal usually means the screen is stale)', async () => {
    fakeApi({ '/api/counter/add': () => fail(409, 'Changed meanwhile') });
    const quiet = setUp();
    const plain = renderHook(() => useEndpointMutation(counter.add), { wrapper: quiet.wrapper });
    await expect(plain.result.current.mutateAsync({ by: 1 })).rejects.toThrow('Changed meanwhile');
    expect(stale(quiet.queryClient)).toEqual([]);

    const reloading = setUp();
    const { result } = renderHook(() => useEndpointMutation(counter.add, { reloadsOnError: true }), {
      wrapper: reloading.wrapper,
    });
    await expect(result.current.mutateAsync({ by: 1 })).rejects.toThrow('Changed meanwhile');
    await waitFor(() => expect(stale(reloading.queryClient)).toEqual(['counterDev', 'counterGlobal']));
  });

  it('calls in the environment the body names, reloading there; or reloads nothing, or everything', async () => {
    const api = fakeApi({ '/api/counter/add': () => ok(1) });
    const elsewhere = setUp();
    const { result } = renderHook(
      () => useEndpointMutation(counter.add, { environmentOf: (body) => body.to ?? 'dev' }),
      { wrapper: elsewhere.wrapper },
    );
    await result.current.mutateAsync({ by: 1, to: 'stable' });
    expect(api.calls[0]?.configuration).toBe('stable');
    expect(stale(elsewhere.queryClient)).toEqual(['counterGlobal', 'counterStable']);

    const read = setUp();
    const preview = renderHook(() => useEndpointMutation(counter.add, { reloads: 'nothing' }), {
      wrapper: read.wrapper,
    });
    await preview.result.current.mutateAsync({ by: 1 });
    expect(stale(read.queryClient)).toEqual([]);

    const all = setUp();
    const transfer = renderHook(() => useEndpointMutation(counter.add, { reloads: 'everything' }), {
      wrapper: all.wrapper,
    });
    await transfer.result.current.mutateAsync({ by: 1 });
    expect(stale(all.queryClient)).toEqual(Object.keys(KEYS).sort());
  });

  it("calls the family member each request names, reloading the family's feature", async () => {
    const api = fakeApi({ '/api/counter/add': () => ok(5), '/api/counter/subtract': () => ok(-5) });
    const { queryClient, wrapper } = setUp();
    const { result } = renderHook(
      () => useEndpointFamilyMutation((member: 'add' | 'subtract') => counter[member], counter.add.feature),
      { wrapper },
    );
    await expect(result.current.mutateAsync({ of: 'subtract', body: { by: 5 } })).resolves.toBe(-5);
    expect(api.calls.map((call) => call.path)).toEqual(['/api/counter/subtract']);
    expect(stale(queryClient)).toEqual(['counterDev', 'counterGlobal']);
  });

  it('answers a batch in the order of its bodies, reloading nothing (a read the operator starts)', async () => {
    fakeApi({ '/api/counter/add': ({ body }) => ok((body as { by: number }).by * 10) });
    const { queryClient, wrapper } = setUp();
    const { result } = renderHook(() => useEndpointBatchMutation(counter.add), { wrapper });
    await expect(result.current.mutateAsync([{ by: 3 }, { by: 1 }, { by: 2 }])).resolves.toEqual([
      30, 10, 20,
    ]);
    expect(stale(queryClient)).toEqual([]);
  });
});
