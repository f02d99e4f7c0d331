// Runs a scenario step by step against a broker and its simulated clients, producing the trace.
import { Broker, type ClientContext, type RpcOutcome } from '../broker/broker.ts';
import { requestVersionFor, SimulatedClient } from '../clients/simulated.ts';
import { Config } from '../config.ts';
import { GROUP_STATE_NAMES, type StreamsGroup } from '../coordinator/group.ts';
import { configureTopicsMemo } from '../topology/configureMemo.ts';
import type { FiredTimer } from '../coordinator/runtime.ts';
import type { RecordBatch } from '../log/log.ts';
import { matchUnder, resolveExpectation, runUnder, type RunUnder } from './match.ts';
import { DEFAULT_STABLE_WITHIN_MS, InvariantChecker } from '../invariants/index.ts';
import type { Edition } from '../edition.ts';
import { editionNamed } from '../editions/index.ts';
import type { Scenario, Step, TimerFired, Trace, TraceGroupView, TraceInitial, TraceRecord, TraceStep } from './types.ts';
import { GroupViews, groupView } from './groupView.ts';
import { CLIENT_COMMIT_VERSION, CommitSchedule } from '../offsets/client.ts';
import { pushAll } from '../util/arrays.ts';
import { RunBudget, type RunProbe } from './budget.ts';
import { approxBytes, stringsBytes } from '../util/approxBytes.ts';
import { MinHeap } from '../util/heap.ts';
import { unavailableOutcome } from '../broker/unavailable.ts';
import { fallbackNarration, stateChangeNarration } from './narrate-step.ts';
import { releaseConfigValues, releaseOf, releaseRules } from '../releases/index.ts';

const RAW_CLIENT: ClientContext = { clientId: 'sgp', clientHost: '/127.0.0.1' };
/** Bound on the exchanges one `run` step may make, so a scenario always ends. */
const MAX_EXCHANGES_PER_RUN = 20000;
const DEFAULT_RUN_MAX_MS = 120000;
/** Estimated bytes of a step's group view without its member table (built only when read) and the step's own fields. */
const STEP_BYTES = 1024;

function stepKind(s: Step): TraceStep['kind'] {
  if ('send' in s) return 'send';
  if ('client' in s) return 'client';
  if ('advance' in s) return 'advance';
  if ('run' in s) return 'run';
  if ('failover' in s) return 'failover';
  return 'topics';
}

function defaultLabel(s: Step): string {
  if ('send' in s) return `${s.member ?? 'raw'}: ${s.send}`;
  if ('client' in s) return `${s.client}: ${s.do}`;
  if ('advance' in s) return `advance ${s.advance} ms`;
  if ('run' in s) return s.run.until ? `run until ${s.run.until}` : `run ${s.run.ms ?? 0} ms`;
  if ('failover' in s) return 'coordinator failover';
  return 'topic change';
}

export class ScenarioRunner {
  readonly broker: Broker;
  readonly clients = new Map<string, SimulatedClient>();
  private readonly aliasByMember = new Map<string, string>();
  private readonly memberByAlias = new Map<string, string>();
  /** Offset commits of clients with commitIntervalMs (src/core/offsets/client.ts). */
  private readonly commits = new CommitSchedule();

  readonly checker: InvariantChecker;
  private readonly sessionTimeoutMs: number;
  /** Steps, fired timers, wall time and heap this run may use. */
  readonly budget: RunBudget;
  /** The scenario group's view after each step. */
  private readonly views = new GroupViews(
    (memberId) => this.aliasOf(memberId),
    (g) => this.problemNow(g),
  );
  /** The group after the previous step (a step that says nothing is told apart: changed or not). */
  private lastGroup: TraceGroupView | null = null;
  /** The heap estimate has counted the log up to this offset, and the running step's narration up to this line. */
  private retainedLogEnd = 0;
  private retainedNarration = 0;

  /** The scenario's protocol edition (looked up once: the composition root). */
  readonly edition: Edition;
  /** The variant and Kafka release this run models: which byVariant and byRelease expectations apply. */
  private readonly under: RunUnder;

  /**
   * `probe`: the caller's clock and heap reading, for the wall-time and heap budgets; `edition`: run under this edition
   * instead of the scenario's (a plug-in); `kept`: the estimated bytes the job keeps from its earlier runs (a comparison's
   * or a report's), which count toward this run's retained-memory budget.
   */
  constructor(
    readonly scenario: Scenario,
    options: { durability?: boolean; probe?: RunProbe; edition?: Edition; kept?: number } = {},
  ) {
    // a release without a config behaves as its value in the release's data (src/core/releases/)
    const config = Config.from(releaseConfigValues(releaseRules(releaseOf(scenario)), scenario.config));
    const edition = (this.edition = options.edition ?? editionNamed(scenario.protocol));
    this.under = runUnder(scenario, edition.hasReleases);
    this.budget = new RunBudget(config, options.probe ?? null, options.kept ?? 0);
    this.sessionTimeoutMs = config.int(edition.sessionTimeoutKey);
    this.checker = new InvariantChecker(scenario.groupId, { stableWithinMs: scenario.invariants?.stableWithinMs ?? DEFAULT_STABLE_WITHIN_MS, durability: options.durability ?? true });
    this.broker = new Broker(
      { edition, variant: scenario.variant, config, release: releaseOf(scenario) },
      scenario.topics.map((t) => [t.name, t.partitions]),
    );
    for (const alias of Object.keys(scenario.clients).sort()) {
      const spec = scenario.clients[alias]!;
      const topology = spec.topology ?? scenario.topology ?? null;
      const c = new SimulatedClient(alias, spec, scenario.groupId, topology, edition.client(config, topology));
      const release = releaseRules(releaseOf(scenario));
      c.release = release;
      const v = requestVersionFor(spec.profile, scenario.variant, release);
      c.requestVersion = edition.heartbeatVersionFollowsVariant ? v.version : 0;
      c.nestedOwnedTasks = edition.heartbeatVersionFollowsVariant && v.nested;
      this.clients.set(alias, c);
      if (c.memberId !== '') this.bind(alias, c.memberId);
    }
    if (scenario.initialLog && scenario.initialLog.length > 0) this.initial = this.loadInitialLog(scenario.initialLog);
  }

  /** The state loaded from `initialLog` (step "initial"), when the scenario has one. */
  readonly initial: TraceInitial | null = null;

  /**
   * `initialLog`: the records form the partition's first batch (at time 0) and a coordinator loads it, as after a
   * failover: the groups are rebuilt by replay, and the session (and rebalance) timers of the loaded members start now.
   */
  private loadInitialLog(records: NonNullable<Scenario['initialLog']>): TraceInitial {
    const batch = this.broker.coordinator.log.append(records, this.broker.now);
    this.broker.failover();
    const groups = [...this.broker.coordinator.groups.keys()].sort();
    const narration = [
      `The scenario starts from a log of ${records.length} record(s): a coordinator loads the partition by replaying it (${groups.length > 0 ? `groups ${groups.join(', ')}` : 'no group'}), and the timers of the loaded members start now.`,
    ];
    this.checker.afterStep(this.broker);
    return { records: batch ? batch.records.map((r, i) => ({ offset: batch.baseOffset + i, type: r.type, key: r.key, value: r.value })) : [], group: this.group(), narration };
  }

  /** A simulated client's request context (client.id and host; Kafka stores them in the member's metadata). */
  private contextOf(c: SimulatedClient): ClientContext {
    const spec = this.scenario.clients[c.alias];
    return { clientId: spec?.clientId ?? c.alias, clientHost: spec?.clientHost ?? '/127.0.0.1' };
  }

  private bind(alias: string, memberId: string): void {
    this.memberByAlias.set(alias, memberId);
    if (this.aliasByMember.get(memberId) !== alias) this.views.aliasChanged(memberId);
    this.aliasByMember.set(memberId, alias);
  }

  aliasOf = (memberId: string): string | null => this.aliasByMember.get(memberId) ?? null;

  /** What configuring an ak4 group's topology against the cluster's topics finds now (the group view's why-NotReady). */
  problemNow = (g: StreamsGroup): { statusCode: number; detail: string } | null => {
    if (g.draft || !g.topology) return null;
    let p: ReturnType<typeof configureTopicsMemo>['problem'];
    try {
      p = configureTopicsMemo(g.topology, this.broker.topics, g.metadataHash, this.broker.coordinator.release.switches.topicListDetail).problem;
    } catch {
      // a stored topology Kafka cannot configure (one replayed from an initialLog: StreamsGroupTopology replay does not
      // validate it) is no topic problem: Kafka configures topics only in a heartbeat (GroupMetadataManager.streamsGroupHeartbeat,
      // InternalTopicManager.configureTopics), which answers STREAMS_INVALID_TOPOLOGY, or UNKNOWN_SERVER_ERROR for an
      // internal error such as a copartition group's topic index out of range (IndexOutOfBoundsException in
      // CopartitionedTopicsEnforcer's caller); the view has no status to show
      return null;
    }
    return p ? { statusCode: p.statusCode, detail: p.detail } : null;
  };

  /** Views of the coordinator's groups other than the scenario's (a simple classic group holds offsets only), by group id. */
  private otherGroups(): { groupType: 'streams' | 'classic'; group: TraceGroupView }[] {
    const groups = this.broker.coordinator.groups;
    if (groups.size === 0 || (groups.size === 1 && groups.has(this.scenario.groupId))) return [];
    const out: { groupType: 'streams' | 'classic'; group: TraceGroupView }[] = [];
    for (const id of [...groups.keys()].sort()) {
      if (id === this.scenario.groupId) continue;
      const g = groups.get(id)!;
      out.push({ groupType: g.classic ? 'classic' : 'streams', group: groupView(g, this.aliasOf, this.problemNow)! });
    }
    return out;
  }

  group(): TraceGroupView | null {
    return this.views.view(this.broker.coordinator.groups.get(this.scenario.groupId));
  }

  run(): Trace {
    const steps: TraceStep[] = [];
    for (const [i, s] of this.scenario.steps.entries()) {
      if (this.budget.stopped) break;
      steps.push(this.runStep(s, i));
    }
    const trace: Trace = {
      title: this.scenario.title ?? '',
      protocol: this.scenario.protocol,
      variant: this.scenario.variant,
      steps,
      topics: Object.fromEntries([...this.broker.topics].sort(([a], [b]) => (a < b ? -1 : 1))),
    };
    if (this.scenario.kafka) trace.kafka = this.scenario.kafka;
    if (this.initial) trace.initial = this.initial;
    if (this.budget.stopped) trace.stopped = this.budget.stopped;
    return trace;
  }

  runStep(step: Step, index: number): TraceStep {
    const startOffset = this.broker.coordinator.log.endOffset;
    const t: TraceStep = {
      index,
      label: step.label ?? defaultLabel(step),
      time: 0,
      kind: stepKind(step),
      member: null,
      api: null,
      version: null,
      request: null,
      response: null,
      errorName: null,
      records: [],
      timers: [],
      exchanges: [],
      group: null,
      narration: [],
      mismatches: [],
      violations: [],
      durability: null,
    };
    this.budget.countSteps();
    this.retainedNarration = 0;
    // the coordinator's topics-to-create list of the step's one request (expect.topicsToCreate)
    let topicsToCreate: readonly { name: string; partitions: number; replicationFactor?: number }[] = [];
    if ('send' in step) {
      const version = step.version ?? (step.send === 'OffsetCommit' ? CLIENT_COMMIT_VERSION : step.send === 'StreamsGroupHeartbeat' ? this.edition.defaultHeartbeatVersion : 0);
      const data: Record<string, unknown> = { ...step.data };
      const groupless =
        step.send === 'StreamsGroupDescribe' ||
        step.send === 'ListGroups' ||
        step.send === 'DeleteGroups' ||
        step.send === 'IncrementalAlterConfigs' ||
        step.send === 'OffsetFetch' ||
        step.send === 'DescribeGroups';
      if (!groupless && data.groupId === undefined) data.groupId = this.scenario.groupId;
      if (step.send === 'DeleteGroups' && data.groupsNames === undefined) data.groupsNames = [this.scenario.groupId];
      if (step.send === 'DescribeGroups' && data.groups === undefined) data.groups = [this.scenario.groupId];
      if (step.send === 'OffsetFetch' && version >= 8 && data.groups === undefined) data.groups = [{ groupId: this.scenario.groupId, topics: null }];
      // OffsetFetch v1-7 name one group at the top level: the scenario's, all topics (v1 cannot ask for all: it names every topic of the cluster)
      if (step.send === 'OffsetFetch' && version >= 1 && version < 8) {
        if (data.groupId === undefined) data.groupId = this.scenario.groupId;
        if (data.topics === undefined) data.topics = version >= 2 ? null : [...this.broker.topics].map(([name, n]) => ({ name, partitionIndexes: Array.from({ length: n }, (_, p) => p) }));
      }
      if (step.send === 'StreamsGroupDescribe' && data.groupIds === undefined) data.groupIds = [this.scenario.groupId];
      if (step.member !== undefined && (step.send === 'StreamsGroupHeartbeat' || step.send === 'OffsetCommit') && data.memberId === undefined) {
        data.memberId = this.memberByAlias.get(step.member) ?? step.member;
      }
      // the request context: the step's, else the member's client's, else the raw sender's
      const base = step.member && this.clients.has(step.member) ? this.contextOf(this.clients.get(step.member)!) : RAW_CLIENT;
      const client = { clientId: step.clientId ?? base.clientId, clientHost: step.clientHost ?? base.clientHost };
      if (step.send === 'StreamsGroupHeartbeat' && typeof data.memberId === 'string') this.checker.onSend(data.memberId, this.broker.now, data.memberEpoch);
      const out =
        step.coordinator === 'old'
          ? unavailableOutcome(
              this.edition,
              step.send,
              version,
              data,
              'NOT_COORDINATOR',
              "The request goes to the broker that led the group's partition before the failover: it is no longer the coordinator and answers NOT_COORDINATOR; the client looks the coordinator up again.",
            )
          : this.broker.send(step.send, version, data, client);
      topicsToCreate = out.topicsToCreate ?? [];
      if (step.member !== undefined && out.memberId) this.bind(step.member, out.memberId);
      Object.assign(t, { member: step.member ?? null, api: step.send, version, request: out.request, response: out.response, errorName: out.errorName });
      if (out.rejectedBy) t.rejectedBy = out.rejectedBy;
      pushAll(t.narration, out.narration);
    } else if ('client' in step) {
      const c = this.clients.get(step.client)!;
      t.member = step.client;
      if (step.do === 'crash') {
        c.crash();
        t.narration.push(`${step.client} crashes silently: it sends nothing more, so its session will time out.`);
      } else if (step.do === 'restart') {
        c.restart();
        this.bind(step.client, c.memberId);
        const out = this.exchange(c, 'join', t);
        topicsToCreate = out.out.topicsToCreate ?? [];
        Object.assign(t, { api: 'StreamsGroupHeartbeat', version: out.version, request: out.out.request, response: out.out.response, errorName: out.out.errorName });
        if (out.out.rejectedBy) t.rejectedBy = out.out.rejectedBy;
      } else {
        const out = this.exchange(c, step.do, t);
        topicsToCreate = out.out.topicsToCreate ?? [];
        Object.assign(t, { api: 'StreamsGroupHeartbeat', version: out.version, request: out.out.request, response: out.out.response, errorName: out.out.errorName });
        if (out.out.rejectedBy) t.rejectedBy = out.out.rejectedBy;
      }
    } else if ('advance' in step) {
      this.recordTimers(this.broker.advance(step.advance), t);
    } else if ('run' in step) {
      this.runClients(step.run, t);
    } else if ('failover' in step) {
      const loadMs = step.failover === true ? 0 : step.failover.loadMs;
      this.broker.failover(loadMs);
      t.narration.push(
        loadMs > 0
          ? `The coordinator fails over; the new one takes ${loadMs} ms to load the partition by replaying the log. Until ${this.broker.now + loadMs} ms every request gets COORDINATOR_LOAD_IN_PROGRESS and no timer runs; then timers, cached configured topologies, endpoint epochs, shutdown requests and any in-memory progress are gone, and session and rebalance timers restart from the load.`
          : 'The coordinator fails over: a fresh coordinator loads the partition by replaying the log. Timers, cached configured topologies, endpoint epochs, shutdown requests and any in-memory progress are gone; session and rebalance timers restart from now.',
      );
    } else {
      const coordinatorNarration: string[] = [];
      const changed = this.broker.changeTopics(step.topics, coordinatorNarration);
      t.narration.push(`Cluster metadata changes: ${changed.length ? changed.join(', ') : 'nothing'}. Groups that use these topics refresh their metadata on their next heartbeat.`);
      pushAll(t.narration, coordinatorNarration);
    }
    t.time = this.broker.now;
    // the run budget: a step that spent it says so (the run stops after it)
    this.retainStep(t);
    this.budget.checkNow();
    if (this.budget.stopped && !t.narration.includes(this.budget.stopped.message)) t.narration.push(this.budget.stopped.message);
    t.records = this.recordsSince(startOffset);
    t.group = this.group();
    const others = this.otherGroups();
    if (others.length > 0) t.otherGroups = others;
    pushAll(t.narration, fallbackNarration(step, t, this.lastGroup));
    // the group's change of state, before the word that the run stopped (which stays last)
    const stop = this.budget.stopped && t.narration.at(-1) === this.budget.stopped.message ? t.narration.pop()! : null;
    pushAll(t.narration, stateChangeNarration(t, this.lastGroup));
    if (stop !== null) t.narration.push(stop);
    this.lastGroup = t.group;
    const checked = this.checker.afterStep(this.broker);
    t.violations = checked.violations;
    t.durability = checked.durability;
    if (step.expect) {
      const c = this.broker.coordinator;
      t.mismatches = matchUnder(
        step.expect,
        this.under,
        {
          response: t.response,
          errorName: t.errorName,
          group: t.group,
          records: t.records,
          violations: t.violations.map((v) => v.invariant),
          timers: new Map(c.timers.all().map((x) => [x.key, x.deadline])),
          topicsToCreate: topicsToCreate.map((x) => ({ name: x.name, partitions: x.partitions, replicationFactor: x.replicationFactor ?? -1 })),
          groupOf: (id) => groupView(c.groups.get(id), this.aliasOf, this.problemNow),
        },
        `$.steps[${index}].expect`,
      );
    }
    // a violation the step does not expect fails the scenario
    const expected = step.expect ? resolveExpectation(step.expect, this.under).violations : undefined;
    if (t.violations.length > 0 && expected === undefined) {
      t.mismatches.push({ path: `$.steps[${index}]`, expected: 'no invariant violation (add expect.violations to expect one)', actual: [...new Set(t.violations.map((v) => v.invariant))].sort() });
    }
    return t;
  }

  private exchange(c: SimulatedClient, action: 'join' | 'heartbeat' | 'leave', t: TraceStep): { out: RpcOutcome; version: number } {
    const version = c.requestVersion;
    if (!c.live && action === 'heartbeat' && c.status !== 'unjoined') t.narration.push(`${c.alias} is ${c.status}; it sends a heartbeat anyway because the step asks it to.`);
    const { data, why } = c.nextRequest(action);
    t.narration.push(why);
    this.noteSend(data);
    const out = this.broker.send('StreamsGroupHeartbeat', version, data, this.contextOf(c));
    pushAll(t.narration, out.narration);
    t.narration.push(c.onResponse(data, out.errorName, out.response, this.broker.now));
    if (out.memberId) this.bind(c.alias, out.memberId);
    this.edition.afterHeartbeat?.(this.broker, c, out, t);
    return { out, version };
  }

  private noteSend(data: Record<string, unknown>): void {
    if (typeof data.memberId === 'string' && data.memberId !== '') this.checker.onSend(data.memberId, this.broker.now, data.memberEpoch);
  }

  /** A member's client is still running (raw senders count as running). */
  private clientLive = (memberId: string): boolean => {
    const alias = this.aliasByMember.get(memberId);
    const c = alias !== undefined ? this.clients.get(alias) : undefined;
    return c === undefined || c.status === 'member' || c.status === 'joining';
  };

  private recordTimers(fired: FiredTimer[], t: TraceStep): void {
    this.budget.countTimers(fired.length);
    for (const f of fired) {
      this.checker.onTimer(f.effect, f.timer.deadline, this.sessionTimeoutMs, this.clientLive);
      t.timers.push({ at: f.timer.deadline, key: f.timer.key, effect: f.effect } satisfies TimerFired);
      pushAll(t.narration, f.narration);
    }
  }

  /** Live clients heartbeat at their intervals while the clock moves; timers fire in between. */
  private runClients(spec: { ms?: number; until?: 'stable'; maxMs?: number }, t: TraceStep): void {
    const start = this.broker.now;
    const end = start + (spec.until ? (spec.maxMs ?? DEFAULT_RUN_MAX_MS) : (spec.ms ?? 0));
    let exchanges = 0;
    // settled: Stable, every live client at the assignment epoch, and no topic change the group has yet to notice
    // (a metadata change is only seen on the next heartbeat)
    const unsettled = (): string | null => {
      const g = this.broker.coordinator.groups.get(this.scenario.groupId);
      if (!g) return 'there is no group';
      if (g.metadataRefreshRequested) return 'the coordinator has not yet seen the topic change (a group notices it on its next heartbeat)';
      if (g.state() !== 'STABLE') return `the group is ${GROUP_STATE_NAMES[g.state()]}`;
      const behind = [...this.clients.values()].filter((c) => c.live && c.memberEpoch !== g.assignmentEpoch).map((c) => c.alias);
      return behind.length ? `${behind.join(', ')} ${behind.length === 1 ? 'has' : 'have'} not reached assignment epoch ${g.assignmentEpoch}` : null;
    };
    const stable = () => unsettled() === null;
    // the live clients by next heartbeat (then alias): only the client that just sent changes its place
    const queue = new MinHeap<SimulatedClient>((a, b) => a.nextHeartbeatAt < b.nextHeartbeatAt || (a.nextHeartbeatAt === b.nextHeartbeatAt && a.alias < b.alias));
    for (const c of this.clients.values()) if (c.live) queue.push(c);
    const committers = [...this.clients.values()].filter((c) => c.spec.commitIntervalMs !== undefined);
    for (;;) {
      if (this.budget.stopped) return;
      if (spec.until === 'stable' && stable()) {
        t.narration.push(`The group is stable after ${this.broker.now - start} ms.`);
        return;
      }
      while (queue.size > 0 && !queue.peek()!.live) queue.pop();
      const next = queue.peek();
      const at = next ? Math.max(next.nextHeartbeatAt, this.broker.now) : end;
      // a client's offset commit due before its next heartbeat goes first
      const commit = this.commits.nextDue(committers, this.broker.now);
      if (commit && commit.at < at && commit.at <= end) {
        this.recordTimers(this.broker.advanceTo(commit.at), t);
        if (commit.client.live && this.budget.countSteps()) this.commit(commit.client, t);
        continue;
      }
      if (at > end || !next) {
        this.recordTimers(this.broker.advanceTo(end), t);
        if (spec.until === 'stable') t.narration.push(stable() ? 'The group is stable.' : `The group did not become stable within ${end - start} ms: ${unsettled()}.`);
        return;
      }
      this.recordTimers(this.broker.advanceTo(at), t);
      if (!next.live) continue;
      queue.pop();
      if (++exchanges > MAX_EXCHANGES_PER_RUN) {
        t.narration.push(`Stopped after ${MAX_EXCHANGES_PER_RUN} heartbeats in one run step${spec.until === 'stable' && !stable() ? `, before the group settled: ${unsettled()}` : ''}.`);
        return;
      }
      if (!this.budget.countSteps()) return;
      const { data } = next.nextRequest('heartbeat');
      this.noteSend(data);
      const out = this.broker.send('StreamsGroupHeartbeat', next.requestVersion, data, this.contextOf(next));
      next.onResponse(data, out.errorName, out.response, this.broker.now);
      if (out.memberId) this.bind(next.alias, out.memberId);
      t.exchanges.push({
        at: this.broker.now,
        member: next.alias,
        request: out.request,
        response: out.response,
        errorName: out.errorName,
        version: next.requestVersion,
        ...(out.rejectedBy ? { rejectedBy: out.rejectedBy } : {}),
      });
      for (const n of out.narration) t.narration.push(`[${this.broker.now} ms] ${n}`);
      this.edition.afterHeartbeat?.(this.broker, next, out, t);
      this.retainExchange(t);
      // a heartbeat at the same instant again would loop: the next one waits at least 1 ms
      if (next.nextHeartbeatAt <= this.broker.now && out.errorName === 'NONE') next.nextHeartbeatAt = this.broker.now + 1;
      if (next.nextHeartbeatAt <= this.broker.now) next.nextHeartbeatAt = this.broker.now + 1;
      if (next.live) queue.push(next);
    }
  }

  /** A simulated client commits its active tasks' input partitions (nothing when it has none). */
  private commit(c: SimulatedClient, t: TraceStep): void {
    const data = this.commits.request(c, this.broker.now);
    if (!data) return;
    const out = this.broker.send('OffsetCommit', CLIENT_COMMIT_VERSION, data, this.contextOf(c));
    t.exchanges.push({ at: this.broker.now, member: c.alias, request: out.request, response: out.response, errorName: out.errorName, api: 'OffsetCommit', version: CLIENT_COMMIT_VERSION });
    t.narration.push(`[${this.broker.now} ms] ${c.alias} commits the input partitions of its active tasks with epoch ${c.memberEpoch}${out.errorName === 'NONE' ? '' : `: ${out.errorName}`}.`);
    for (const n of out.narration) t.narration.push(`[${this.broker.now} ms] ${n}`);
    this.retainExchange(t);
  }

  /** The heap estimate counts an exchange a run step just kept, its narration and the records it wrote. */
  private retainExchange(t: TraceStep): void {
    this.budget.retain(approxBytes(t.exchanges.at(-1)) + stringsBytes(t.narration, this.retainedNarration) + this.logBytesSinceCounted());
    this.retainedNarration = t.narration.length;
  }

  /** The heap estimate counts what a finished step keeps that the exchanges did not: request, response, timers, narration, records, views. */
  private retainStep(t: TraceStep): void {
    const own = approxBytes(t.request) + approxBytes(t.response) + approxBytes(t.timers) + stringsBytes(t.narration, this.retainedNarration);
    this.budget.retain(STEP_BYTES + own + this.logBytesSinceCounted());
    this.retainedNarration = t.narration.length;
  }

  /** The records appended since the last count, twice: the log keeps them and the step's trace keeps a copy. */
  private logBytesSinceCounted(): number {
    const log = this.broker.coordinator.log;
    if (log.endOffset <= this.retainedLogEnd) {
      this.retainedLogEnd = log.endOffset;
      return 0;
    }
    let bytes = 0;
    for (const b of log.batchesFrom(this.retainedLogEnd)) {
      for (let i = 0; i < b.records.length; i++) if (b.baseOffset + i >= this.retainedLogEnd) bytes += 2 * approxBytes(b.records[i]);
    }
    this.retainedLogEnd = log.endOffset;
    return bytes;
  }

  private recordsSince(offset: number): TraceRecord[] {
    const out: TraceRecord[] = [];
    for (const b of this.broker.coordinator.log.batchesFrom(offset) as readonly RecordBatch[]) {
      b.records.forEach((r, i) => {
        const o = b.baseOffset + i;
        if (o >= offset) out.push({ offset: o, type: r.type, key: { ...r.key }, value: r.value ? (structuredClone(r.value) as Record<string, unknown>) : null });
      });
    }
    return out;
  }
}

/** `edition`: run under this edition instead of the one the scenario's "protocol" names (a plug-in edition). */
export function runScenario(scenario: Scenario, options: { probe?: RunProbe; edition?: Edition } = {}): Trace {
  return new ScenarioRunner(scenario, options).run();
}
