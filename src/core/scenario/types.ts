// The scenario document (see the scenario format contract) and the trace a run produces.
import type { Edition } from '../protocol/errors.ts';
import type { RecordType } from '../log/records.ts';

export const SCENARIO_FORMAT_VERSION = 1;

// the variants are defined in src/core/variants/ (one file each); their names come from the registry
export { VARIANTS, type Variant } from '../variants/index.ts';
import type { Variant } from '../variants/index.ts';
import type { KafkaRelease } from '../releases/names.ts';

export type ClientProfile = 'java' | 'partial';

export interface ClientSpec {
  profile: ClientProfile;
  processId?: string;
  instanceId?: string | null;
  rackId?: string | null;
  /** Member id the client uses (Java generates a UUID; the simulator derives a readable one from the alias). */
  memberId?: string;
  rebalanceTimeoutMs?: number;
  /** Overrides the scenario's topology for this client. */
  topology?: unknown;
  clientTags?: Record<string, string>;
  userEndpoint?: { host: string; port: number } | null;
  /** During `run` steps, commit the input partitions of the active tasks every this many ms (absent = never commit). */
  commitIntervalMs?: number;
  /** The request context Kafka stores in the member's metadata (default: the alias, "/127.0.0.1"). */
  clientId?: string;
  clientHost?: string;
}

export type RpcName =
  | 'StreamsGroupHeartbeat'
  | 'StreamsGroupInitialize'
  | 'StreamsGroupDescribe'
  | 'OffsetCommit'
  | 'ListGroups'
  | 'DeleteGroups'
  | 'IncrementalAlterConfigs'
  | 'OffsetFetch'
  | 'OffsetDelete'
  | 'DescribeGroups';
export type ClientAction = 'join' | 'heartbeat' | 'leave' | 'crash' | 'restart';

export interface StepBase {
  label?: string;
  expect?: Expectation;
}

export interface SendStep extends StepBase {
  send: RpcName;
  version?: number;
  member?: string;
  data: Record<string, unknown>;
  /** "old": send to the broker that led the group's partition before the last failover (NOT_COORDINATOR). */
  coordinator?: 'old';
  /** The request context (default: the member's client's, or "sgp" and "/127.0.0.1" for a raw sender). */
  clientId?: string;
  clientHost?: string;
}

export interface ClientStep extends StepBase {
  client: string;
  do: ClientAction;
}

export interface AdvanceStep extends StepBase {
  advance: number;
}

export interface RunStep extends StepBase {
  run: { ms?: number; until?: 'stable'; maxMs?: number };
}

export interface FailoverStep extends StepBase {
  /** true, or { loadMs }: the new coordinator takes that long to load the partition. */
  failover: true | { loadMs: number };
}

export interface TopicsStep extends StepBase {
  topics: { create?: { name: string; partitions: number }[]; delete?: string[]; partitions?: Record<string, number> };
}

export type Step = SendStep | ClientStep | AdvanceStep | RunStep | FailoverStep | TopicsStep;

/** `records` matched as a subsequence (`contains`, Kafka's assertRecordsContain…) or exactly (`exact`). */
export interface RecordsExpectation {
  match: 'contains' | 'exact';
  items: unknown[];
}

export interface Expectation {
  response?: unknown;
  error?: string;
  group?: unknown;
  /** The appended records: exactly (a list), or `{ "match": "contains", "items": [...] }` for a subsequence. */
  records?: unknown[] | RecordsExpectation;
  recordTypes?: string[];
  /** Scheduled timers after the step, by key: the deadline (ms), or null for "not scheduled". */
  timers?: Record<string, number | null>;
  /** The coordinator's topics-to-create list of the step's request, exactly (name, partitions, replicationFactor). */
  topicsToCreate?: unknown[];
  /** Other groups after the step, by group id (null: the group must not exist). */
  groups?: Record<string, unknown>;
  /** Names of the invariants this step violates (exactly; [] = none). */
  violations?: string[];
  /** Per-variant expectations that replace the keys they give when the scenario runs under that variant. */
  byVariant?: Partial<Record<Variant, Omit<Expectation, 'byVariant' | 'byRelease'>>>;
  /** Per-release expectations (ak4): they replace the keys they give when the scenario runs under that Kafka release. */
  byRelease?: Partial<Record<KafkaRelease, Omit<Expectation, 'byVariant' | 'byRelease'>>>;
}

export interface Scenario {
  format: number;
  title?: string;
  notes?: string;
  protocol: Edition;
  variant: Variant;
  /** The Kafka release line an ak4 scenario models (absent: the default, 4.4; src/core/releases/). */
  kafka?: KafkaRelease;
  config: Record<string, number | string>;
  groupId: string;
  topics: { name: string; partitions: number }[];
  topology?: unknown;
  clients: Record<string, ClientSpec>;
  /** Records replayed before step 0 (a coordinator loading this partition): the scenario starts from that state. */
  initialLog?: { type: RecordType; key: Record<string, unknown>; value: Record<string, unknown> | null }[];
  steps: Step[];
  /** Bounds for the liveness invariants. */
  invariants?: { stableWithinMs?: number };
  /** Variants `sgp check` runs this scenario under (default: its own `variant` only). */
  checkVariants?: Variant[];
  /** Kafka releases `sgp check` runs this scenario under (ak4; default: its own `kafka` only). */
  checkReleases?: KafkaRelease[];
  /** What `sgp explore` may do beyond the clients' own behaviour (src/core/explore/). */
  explore?: ExploreSpec;
}

export interface ExploreSpec {
  /** Clients that may also send a deliberately partial report: their active list only, standby and warmup null. */
  partialReports?: string[];
  /** Candidate cluster metadata changes the explorer may apply at any point (each at most once per path). */
  topicChanges?: TopicsStep['topics'][];
}

/** A record as appended, with its log offset. */
export interface TraceRecord {
  offset: number;
  type: string;
  key: Record<string, unknown>;
  value: Record<string, unknown> | null;
}

export interface TraceMemberView {
  memberId: string;
  alias: string | null;
  instanceId: string | null;
  processId: string;
  memberEpoch: number;
  previousMemberEpoch: number;
  state: string;
  topologyEpoch: number;
  assigned: { active: Record<string, number[]>; standby: Record<string, number[]>; warmup: Record<string, number[]> };
  pendingRevocation: { active: Record<string, number[]>; standby: Record<string, number[]>; warmup: Record<string, number[]> };
  target: { active: Record<string, number[]>; standby: Record<string, number[]>; warmup: Record<string, number[]> } | null;
}

/** The group after a step (null when the group does not exist). */
export interface TraceGroupView {
  groupId: string;
  state: string;
  groupEpoch: number;
  assignmentEpoch: number;
  validatedTopologyEpoch: number;
  topologyEpoch: number | null;
  /** member id -> view, in member-id order */
  members: Record<string, TraceMemberView>;
  /** Configured internal topics (name -> partitions), when the topology is configured. */
  internalTopics: Record<string, number>;
  topicProblem: { statusCode: number; detail: string } | null;
}

export interface TimerFired {
  at: number;
  key: string;
  /** What it did, e.g. "fenced member b". */
  effect: string;
}

export interface Mismatch {
  /** JSON path inside the expectation, e.g. `$.steps[3].expect.group.members.a.memberEpoch`. */
  path: string;
  expected: unknown;
  actual: unknown;
}

export interface TraceStep {
  index: number;
  label: string;
  /** Clock after the step (ms since scenario start). */
  time: number;
  kind: 'send' | 'client' | 'advance' | 'run' | 'failover' | 'topics';
  member: string | null;
  api: RpcName | null;
  version: number | null;
  request: unknown | null;
  response: unknown | null;
  errorName: string | null;
  /** The broker layer that answered with the error: KafkaApis, the service layer or the coordinator (absent on success). */
  rejectedBy?: string;
  records: TraceRecord[];
  timers: TimerFired[];
  /** Extra heartbeats sent by `run` steps (request/response pairs), in order. */
  exchanges: {
    at: number;
    member: string;
    request: unknown;
    response: unknown;
    errorName: string;
    /** Set for requests other than heartbeats (offset commits). */ api?: RpcName;
    /** The request's version (the client's heartbeat version for a heartbeat). */
    version?: number;
    rejectedBy?: string;
  }[];
  group: TraceGroupView | null;
  /** The coordinator's other groups after the step (absent when the scenario's group is the only one), by group id. */
  otherGroups?: { groupType: 'streams' | 'classic'; group: TraceGroupView }[];
  narration: string[];
  mismatches: Mismatch[];
  /** Invariants violated after this step. */
  violations: { invariant: string; message: string }[];
  /** Live state against the state a fresh coordinator rebuilds from the log. */
  durability: { diff: { path: string; live: unknown; replayed: unknown }[]; memoryOnly: { what: string; decisive: boolean }[] } | null;
}

/** Step "initial": the state a coordinator loaded from the scenario's initialLog before step 0. */
export interface TraceInitial {
  records: TraceRecord[];
  group: TraceGroupView | null;
  narration: string[];
}

export interface Trace {
  title: string;
  protocol: Edition;
  variant: Variant;
  /** The Kafka release line the run modelled, when the scenario names one (absent: 4.4). */
  kafka?: KafkaRelease;
  /** Present when the scenario has an initialLog. */
  initial?: TraceInitial;
  steps: TraceStep[];
  /** Topics of the cluster at the end. */
  topics: Record<string, number>;
  /** Set when the run budget stopped the run early (src/core/scenario/budget.ts): the limit and a message naming it. */
  stopped?: { limit: string; message: string };
}
