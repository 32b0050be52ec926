import type { ChangeRequestDetails, ChangeRequestDiff } from '@console/domain/change-request';

// Answers of the change requests' calls for component tests, built from a few fields.

const AT = Date.UTC(2026, 11, 3, 12, 0);

export function requestDetails(overrides: Partial<ChangeRequestDetails> = {}): ChangeRequestDetails {
  const id = overrides.id ?? 7;
  const environment = overrides.environment ?? 'prod';
  return {
    id,
    environment,
    branch: `${environment}~cr-${id}`,
    title: 'Friday event',
    description: 'Gold rush at 18:00',
    author: 'op@example.com',
    status: 'draft',
    created: AT,
    updated: AT,
    scheduledAt: null,
    applyOnApproval: false,
    approvals: [],
    requiredApprovals: 1,
    failure: null,
    history: [{ id: 1, kind: 'status', email: 'op@example.com', at: AT, status: 'draft', text: '' }],
    policy: { isRequired: true, approvals: 1, allowSelfApproval: false, resetApprovalsOnChange: true },
    ...overrides,
  };
}

export function requestDiff(overrides: Partial<ChangeRequestDiff> = {}): ChangeRequestDiff {
  return {
    groups: {
      Configurations: [
        { operation: 'create', id: 'gr-friday', active: true, title: 'gr-friday', payload: { a: 1 } },
      ],
    },
    fields: {
      diff: { plugins: [], abTests: [], configurations: [], release: [] },
      lines: ['+ configuration gr-friday'],
      plugins: [],
      moves: [],
    },
    conflicts: [],
    missing: [],
    impact: [
      {
        pluginId: 11,
        plugin: 'GOLD_RUSH',
        entries: [{ abTestId: 'spring', movedCase: 0, changedConfiguration: 0.25 }],
        sentence: '25% of players get another configuration',
      },
    ],
    scheduleConflicts: [],
    isBaseMoved: false,
    diffToken: 'token-1',
    ...overrides,
  };
}
