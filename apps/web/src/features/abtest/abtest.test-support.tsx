import { type AbTest, type AbTestVersion, NO_VERSION } from '@console/domain/abtest';
import { AbTestType } from '@console/domain/enums';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../../api/queryClient.ts';
import { ActiveEnvironmentContext } from '../../shell/environment/environment.context.ts';
import { GlobalDialogs } from '../../shell/feedback/GlobalDialogs.tsx';
import { GlobalUiProvider } from '../../shell/feedback/GlobalUiProvider.tsx';
import { searchOver } from '../../test/fakeSearch.ts';

/** Renders one A/B-test component with the providers the console gives it, in environment `dev`. */
export function renderInConsole(ui: ReactNode, { environment = 'dev', path = '/' } = {}) {
  const queryClient = createQueryClient();
  const activeEnvironment = { active: environment, environments: [environment], isReady: true, select() {} };
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <GlobalUiProvider>
          <ActiveEnvironmentContext value={activeEnvironment}>
            <MemoryRouter initialEntries={[path]}>
              {ui}
              <GlobalDialogs />
            </MemoryRouter>
          </ActiveEnvironmentContext>
        </GlobalUiProvider>
      </QueryClientProvider>,
    ),
  };
}

const CREATED = Date.UTC(2024, 4, 6, 7, 8);

export function aVersion(version: number, cases: number[], active = false): AbTestVersion {
  return { version, active, cases, created: CREATED + version, lastModifier: 'op@example.com' };
}

/** A small A/B-test; `data` overrides merge into the defaults. */
export function anAbTest(overrides: Partial<Omit<AbTest, 'data'>> & { data?: Partial<AbTest['data']> } = {}) {
  const { data, ...rest } = overrides;
  const abTest: AbTest = {
    id: 'spring-sale',
    description: 'Spring sale',
    active: false,
    created: CREATED,
    modified: CREATED + 60_000,
    lastModifier: 'op@example.com',
    usedBy: [],
    ...rest,
    data: {
      type: AbTestType.StickySegmentation,
      version: NO_VERSION,
      cases: [],
      caseDescriptions: [],
      versions: [],
      segment: { conditions: [] },
      ...data,
    },
  };
  return abTest;
}

/** /api/abtest/search over these A/B-tests, as the server orders and filters them. */
export const abTestSearch = (rows: () => readonly AbTest[]) =>
  searchOver(rows, {
    keyOf: (abTest) => abTest.id,
    textOf: (abTest) => [abTest.id, abTest.description],
    sorts: {
      id: (abTest) => abTest.id,
      type: (abTest) => abTest.data.type,
      active: (abTest) => Number(abTest.active),
      created: (abTest) => abTest.created,
      modified: (abTest) => abTest.modified,
    },
    filters: {
      active: (abTest, value) => abTest.active === value,
      type: (abTest, value) => abTest.data.type === value,
      inUse: (abTest, value) => abTest.usedBy.length > 0 === value,
    },
  });
