// Schedule overview: the slot grid, the overview with its conflicts, and the call's schemas.

export * from './configuration-timeline.ts';
export * from './schedule.schemas.ts';
export * from './schedule-overview.ts';
export * from './slot-grid.ts';
