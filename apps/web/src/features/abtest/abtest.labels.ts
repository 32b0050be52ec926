import type { AbTestTypeId } from '@console/domain/abtest';
import { AbTestType } from '@console/domain/enums';

// "Type: Sticky segmentation (0), Dynamic segmentation (10), Rollout (20)": the names in the create form's
// select and the details page.
export const AB_TEST_TYPE_LABELS: Readonly<Record<AbTestTypeId, string>> = {
  [AbTestType.StickySegmentation]: 'Sticky segmentation',
  [AbTestType.DynamicSegmentation]: 'Dynamic segmentation',
  [AbTestType.Rollout]: 'Rollout',
};

// "StickySegmentation 0 (pin icon, shown as Sticky), DynamicSegmentation 10 (Dynamic)": the list's narrow
// Type column, with the full name beside it for assistive technology and on hover.
export const AB_TEST_TYPE_SHORT_LABELS: Readonly<Record<AbTestTypeId, string>> = {
  [AbTestType.StickySegmentation]: 'Sticky',
  [AbTestType.DynamicSegmentation]: 'Dynamic',
  [AbTestType.Rollout]: 'Rollout',
};

export const AB_TEST_TYPE_OPTIONS = (Object.keys(AB_TEST_TYPE_LABELS) as `${AbTestTypeId}`[]).map((key) => {
  const type = Number(key) as AbTestTypeId;
  return { type, label: AB_TEST_TYPE_LABELS[type] };
});

export function typeLabelOf(type: number): string {
  return AB_TEST_TYPE_LABELS[type as AbTestTypeId] ?? `Type ${type}`;
}

export function shortTypeLabelOf(type: number): string {
  return AB_TEST_TYPE_SHORT_LABELS[type as AbTestTypeId] ?? `Type ${type}`;
}

// Case colours cycle through 7.
export const CASE_COLORS = [
  '#1976d2',
  '#ef6c00',
  '#2e7d32',
  '#8e24aa',
  '#c62828',
  '#00838f',
  '#6d4c41',
] as const;

export function caseColorOf(caseIndex: number): string {
  return CASE_COLORS[caseIndex % CASE_COLORS.length]!;
}
