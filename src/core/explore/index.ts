export { explore, prepare, type ExploreOptions, type ExploreProgress, type ExploreResult, type ExploreViolation } from './explore.ts';
export { World, type Action, type ExploreContext } from './world.ts';
export { canonicalState, stateHash } from './hash.ts';
