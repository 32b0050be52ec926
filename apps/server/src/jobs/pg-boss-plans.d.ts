// pg-boss's own statements (its src/plans.js, which it ships without types): the job queue recognises the
// two that record a run's outcome by their text (job-queue.ts).
declare module 'pg-boss/src/plans.js' {
  export function completeJobs(schema: string): string;
  export function failJobsById(schema: string): string;
}
