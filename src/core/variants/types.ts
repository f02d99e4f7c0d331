// What a coordinator variant is: one proposal (KAFKA-20870 options A–D, E, …) as data on top of the shipped ak4
// coordinator. The coordinator consults only `VariantRules` (named hook points); the rest is what the scenario
// validator, the simulated clients, the UI, the CLI and the reports show. See docs/adding-a-variant.md.
import type { Edition } from '../protocol/errors.ts';
import type { ReportRule } from '../reconcile/index.ts';

/** The hook points where the coordinator asks the variant what to do (each consulted in one place). */
export interface VariantRules {
  /** Service layer (service.ts validateHeartbeat): reject a partial owned-task report at this request version with INVALID_REQUEST "If one task-type is non-null, all must be non-null.". */
  readonly serviceRejectsPartial: (version: number) => boolean;
  /** Reconciliation (heartbeat.ts maybeReconcile → CurrentAssignmentBuilder): read a report as all three lists, or each role on its own. */
  readonly reportRule: ReportRule;
  /** Reconciliation (heartbeat.ts maybeReconcile, partialProgress.ts): partial progress accumulates in memory and is persisted only on completion (option B). */
  readonly accumulateInMemory: boolean;
  /** Heartbeat response (heartbeat.ts): set OwnedTasksRequired when a role with pending revocations has no progress (option B with signal; needs heartbeat v2). */
  readonly resendSignal: boolean;
  /** Broker and service layer: at heartbeat v2 the owned tasks travel in one nullable OwnedTasks struct (option D). Derived from `heartbeat.v2`. */
  readonly nestedReport: boolean;
  /**
   * Rebalance timeout (runtime.ts 'rebalance-timeout' timer) of a member still in UNREVOKED_TASKS at the epoch the timer
   * captured: `fence` it (Kafka), or `release-pending` its tasks pending revocation and keep it (E; heartbeat.ts then
   * moves the member on at its next heartbeat and sends it its assignment).
   */
  readonly onRebalanceTimeout: 'fence' | 'release-pending';
}

/** What a variant defines; `rules` leaves out what the registry derives from other fields. */
export interface VariantDefinition<N extends string = string> {
  /** The name scenarios use (`"variant"`, `checkVariants`, `byVariant` keys, `--variant`). */
  readonly name: N;
  /** Where it comes from, e.g. "KAFKA-20870 option A" (null for the baselines). */
  readonly proposal: string | null;
  /** One line: what the variant changes. Shown in the UI, the CLI help, the schema and the KIP report. */
  readonly summary: string;
  /** What a scenario should show under it compared with `current`: the expected-outcome note of the UI and the report. */
  readonly outcome: string;
  /** The protocol editions it applies to (a proposal against the shipped protocol: `['ak4']`). */
  readonly editions: readonly Edition[];
  /** Whether a real Kafka 4.4 broker runs it (`sgp oracle` refuses the others). */
  readonly runsOnKafka: boolean;
  /** The coordinator's hook points (see VariantRules); start from SHIPPED_RULES and override what differs. */
  readonly rules: Omit<VariantRules, 'nestedReport'>;
  /** StreamsGroupHeartbeat versions (ak4). */
  readonly heartbeat: {
    /** What v2 of the request is: the flat lists of v0/v1 (`flat`), one nullable OwnedTasks struct (`nested`), or no v2 (null). */
    readonly v2: 'flat' | 'nested' | null;
    /** The version the simulated clients send, per profile (at most 1 unless `v2` is set). */
    readonly clientVersion: { readonly java: number; readonly partial: number };
  };
  /** Narration this variant adds (plain sentences; functions of what the coordinator knows at that point). */
  readonly narration?: VariantNarration;
}

/** The sentences a variant adds to the step narration, by the hook that says them. */
export interface VariantNarration {
  /** The rebalance timeout released `tasks` of `memberId` (`onRebalanceTimeout: 'release-pending'`). */
  readonly rebalanceTimeoutReleased?: (memberId: string, tasks: string, timeoutMs: number, memberEpoch: number) => string;
  /** The first heartbeat after such a release moves the member on. */
  readonly movedOnAfterRelease?: (memberId: string) => string;
}

/** The shipped coordinator's rules ([4.4]): every variant starts from these and overrides what it changes. */
export const SHIPPED_RULES: Omit<VariantRules, 'nestedReport'> = {
  serviceRejectsPartial: () => true,
  reportRule: 'all-or-nothing',
  accumulateInMemory: false,
  resendSignal: false,
  onRebalanceTimeout: 'fence',
};

/** Heartbeat v0–v1 only, as shipped. */
export const SHIPPED_HEARTBEAT: VariantDefinition['heartbeat'] = { v2: null, clientVersion: { java: 1, partial: 1 } };

/** Keeps the literal name type of a definition (the registry derives the `Variant` union from it). */
export function defineVariant<const N extends string>(d: VariantDefinition<N>): VariantDefinition<N> {
  return d;
}
