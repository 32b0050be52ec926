// Schedule overview (issue 12): the slot grid, the overview with its conflicts, and the call's schemas.

export * from './schedule.schemas.ts';
export * from './slot-grid.ts';
