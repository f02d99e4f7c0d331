// Every difference between the sticky assignor flavours, in one place.

/**
 * '4.4': the published Apache Kafka 4.4.0 (checked against kafka-group-coordinator 4.4.0 by test/oracle/). 'trunk': the
 * newer stored apache/kafka versions that ak4-shipped.md §5 describes as [4.4] (split stateful pass, warm-up candidates,
 * rack-aware standbys, stateless-load tie-break), which the 4.4.0 release does not have. '4.1': Kafka 4.1.2's
 * assignor, a different algorithm (kafka41.ts).
 */
export type Flavour = '4.4' | 'trunk' | '4.2' | '4.1' | 'draft';

export interface FlavourRules {
  /** [4.4] §5.1 step 1: stateful tasks get their own active pass (and quota) before the stateless ones. */
  readonly splitStatefulActivePass: boolean;
  /** [4.4] §5.1: warm-up tasks make a member a rank-0 standby candidate. */
  readonly warmupsAreStandbyCandidates: boolean;
  /** [4.4] §5.1: candidates ranked by reported offset sum; offsets alone make a rank-1 candidate. */
  readonly offsetRankedStandbyCandidates: boolean;
  /** [4.4] §5.1 step 2.1: rack-aware standby pass when `rack.aware.assignment.tags` is configured. */
  readonly rackAwareStandbys: boolean;
  /** [4.4] §5.1 step 1.3: equally loaded processes ordered by their stateless-active load. */
  readonly statelessLoadTieBreak: boolean;
  /**
   * [4.2]/[4.3] StickyTaskAssignor.initialize fills processIdToState with putIfAbsent (a new process at the tail of its
   * bucket, resize after the insert); 4.4 uses computeIfAbsent (head of the bucket, resize before): the iteration
   * order, and so which of equally loaded processes gets a task first, differs.
   */
  readonly processMapByPut: boolean;
}

/** Rules of the shipped assignor ([4.4] vs [4.2], ak4-shipped §5.2). The draft is a different algorithm (draft.ts). */
export const SHIPPED_RULES: Readonly<Record<'4.4' | 'trunk' | '4.2', FlavourRules>> = {
  // Kafka 4.4.0's StickyTaskAssignor: one active pass over all tasks, standby candidates ranked by reported offset sum
  '4.4': {
    splitStatefulActivePass: false,
    warmupsAreStandbyCandidates: false,
    offsetRankedStandbyCandidates: true,
    rackAwareStandbys: false,
    statelessLoadTieBreak: false,
    processMapByPut: false,
  },
  trunk: {
    splitStatefulActivePass: true,
    warmupsAreStandbyCandidates: true,
    offsetRankedStandbyCandidates: true,
    rackAwareStandbys: true,
    statelessLoadTieBreak: true,
    processMapByPut: false,
  },
  // Kafka 4.2.2's and 4.3.2's StickyTaskAssignor (the same bytecode in both): no task offsets, putIfAbsent process map
  '4.2': {
    splitStatefulActivePass: false,
    warmupsAreStandbyCandidates: false,
    offsetRankedStandbyCandidates: false,
    rackAwareStandbys: false,
    statelessLoadTieBreak: false,
    processMapByPut: true,
  },
};
