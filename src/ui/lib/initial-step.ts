// Step "initial": the state a scenario's initialLog loads before step 0, shown on the timeline like a step (index -1).
import type { TraceInitial } from '../../core/scenario/types.ts';
import type { UiStep } from '../../../workers/ui-step.ts';

/** The timeline index of step "initial" (before step 0). */
export const INITIAL_STEP = -1;

/**
 * The loaded state as a step the views can show: its records (one batch at time 0), the group a coordinator rebuilt
 * from them, and the narration. It sends nothing; like a failover it is a replay of the log, hence its kind.
 */
export function initialStep(initial: TraceInitial): UiStep {
  return {
    index: INITIAL_STEP,
    label: 'initial',
    time: 0,
    kind: 'failover',
    member: null,
    api: null,
    version: null,
    request: null,
    response: null,
    errorName: null,
    records: initial.records,
    timers: [],
    exchanges: [],
    group: initial.group,
    narration: initial.narration,
    mismatches: [],
    violations: [],
    durability: null,
    batchStarts: initial.records.length > 0 ? [initial.records[0]!.offset] : [],
  };
}
