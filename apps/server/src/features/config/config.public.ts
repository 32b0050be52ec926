// What other features use of configurations besides the services: the schedule overview reads the
// activation of every configuration its plugins' entries choose, in one query.

export { listScheduleConfigurations } from './config.store.ts';
