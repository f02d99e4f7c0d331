// Public surface of the assignor package.
export { StickyTaskAssignor, type StickyTaskAssignorOptions } from './sticky.ts';
export type { Flavour } from './flavours.ts';
export type { StandbyWarning } from './standby.ts';
export * from './types.ts';
