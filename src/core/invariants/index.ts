export { INVARIANTS, type DurabilityReport, type InvariantName, type MemoryOnly, type Violation } from './types.ts';
export { InvariantChecker, DEFAULT_STABLE_WITHIN_MS, type CheckerOptions } from './checker.ts';
export { checkSafety, snapshotEpochs } from './safety.ts';
export { durabilityReport } from './durability.ts';
