import type { ConformanceFile } from '../spec-types.ts';
import { activationFiles } from './activation-cases.ts';
import { bucketingFiles } from './bucketing-cases.ts';
import { resolutionFiles } from './resolution-cases.ts';
import { segmentFiles } from './segment-cases.ts';
import { statusFiles } from './status-cases.ts';
import { textFiles } from './text-cases.ts';

/** A file's name in index.json: its number and words, as `03-segment-platform.json`. */
export const fileNameOf = (file: ConformanceFile): string =>
  `${file.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.json`;

/** Every conformance file of v1, in the order of index.json. */
export function buildConformanceFiles(): ConformanceFile[] {
  return [
    ...bucketingFiles(),
    ...segmentFiles(),
    ...resolutionFiles(),
    ...activationFiles(),
    ...statusFiles(),
    ...textFiles(),
  ];
}
