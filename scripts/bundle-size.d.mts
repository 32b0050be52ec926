// Types of bundle-size.mjs, for the budget test (apps/e2e/tests/bundle-budget.e2e.test.ts).

export interface SizedFile {
  /** Path inside dist, e.g. `assets/index-abc123.js`. */
  file: string;
  /** Gzipped size in bytes. */
  bytes: number;
}

export interface BundleReport {
  /** What index.html loads before the first screen. */
  firstLoad: { files: SizedFile[]; bytes: number };
  /** Every other script, largest first. */
  laterChunks: SizedFile[];
  /** Each dynamically imported chunk with what it imports beyond the first load, heaviest first. */
  lazyLoads: SizedFile[];
}

export const WEB_DIST: string;
export const FIRST_LOAD_BUDGET_KB: number;
export const CHUNK_BUDGET_KB: number;
export function toKb(bytes: number): number;
export function measureBundle(distDir?: string): BundleReport;
export function budgetViolations(report: BundleReport): string[];
export function formatReport(report: BundleReport): string;
