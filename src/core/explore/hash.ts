// Canonical state hash for deduplication: the coordinator's hard state (the fields of snapshot.ts hardState),
// the soft state that decides behaviour (partial progress, cached configured topology, endpoint epoch, shutdown
// request, timers' deadlines relative to now, in firing order), the cluster's topics, each client's state and the
// liveness bookkeeping (relative to now, clamped where larger values behave alike).
//
// Members, targets and task sets are immutable values, so their canonical text is cached per object
// (WeakMap): a transition re-encodes only what it replaced.
import type { SimulatedClient } from '../clients/simulated.ts';
import type { PartialProgress, StreamsGroup } from '../coordinator/group.ts';
import type { StreamsGroupMember } from '../model/member.ts';
import type { TaskEpochs, TaskSet, TasksTuple } from '../model/tasks.ts';
import { slot } from '../util/slot.ts';
import type { ExploreContext, World } from './world.ts';

const setText = new WeakMap<object, string>();
const memberText = new WeakMap<StreamsGroupMember, string>();
const tupleText = new WeakMap<TasksTuple, string>();
const jsonText = new WeakMap<object, string>();

function tasks(t: TaskSet | TaskEpochs): string {
  let s = setText.get(t);
  if (s !== undefined) return s;
  const parts: string[] = [];
  for (const sub of [...t.keys()].sort()) {
    const ps = t.get(sub)!;
    if (ps instanceof Map)
      parts.push(
        `${sub}:${[...ps]
          .sort((a, b) => a[0] - b[0])
          .map(([p, e]) => `${p}@${e}`)
          .join(',')}`,
      );
    else parts.push(`${sub}:${[...(ps as ReadonlySet<number>)].sort((a, b) => a - b).join(',')}`);
  }
  s = parts.join(';');
  setText.set(t, s);
  return s;
}

function tuple(t: TasksTuple): string {
  let s = tupleText.get(t);
  if (s === undefined) {
    s = `${tasks(t.active)}/${tasks(t.standby)}/${tasks(t.warmup)}`;
    tupleText.set(t, s);
  }
  return s;
}

function json(v: object | null): string {
  if (v === null) return 'null';
  let s = jsonText.get(v);
  if (s === undefined) {
    s = JSON.stringify(v);
    jsonText.set(v, s);
  }
  return s;
}

function member(m: StreamsGroupMember): string {
  let s = memberText.get(m);
  if (s === undefined) {
    const a = m.assignedTasks;
    s = [
      m.memberId,
      m.memberEpoch,
      m.previousMemberEpoch,
      m.state,
      m.instanceId,
      m.rackId,
      m.rebalanceTimeoutMs,
      m.clientId,
      m.clientHost,
      m.topologyEpoch,
      m.topologyId ?? '',
      m.processId,
      json(m.userEndpoint),
      json(m.clientTags),
      tasks(a.active),
      tasks(a.standby),
      tasks(a.warmup),
      tuple(m.tasksPendingRevocation),
    ].join('|');
    memberText.set(m, s);
  }
  return s;
}

interface ClientPrivates {
  lastSent: { active: TaskSet; standby: TaskSet; warmup: TaskSet } | null;
  lastSentRoles: { active?: TaskSet; standby?: TaskSet; warmup?: TaskSet };
  incarnation: number;
}

function client(c: SimulatedClient, now: number): string {
  const p = c as unknown as ClientPrivates;
  const o = c.owned;
  const ls = p.lastSent;
  const r = p.lastSentRoles;
  const role = (t: TaskSet | undefined) => (t === undefined ? '-' : tasks(t));
  return [
    c.alias,
    c.status,
    c.memberId,
    c.memberEpoch,
    tasks(o.active),
    tasks(o.standby),
    tasks(o.warmup),
    ls === null ? 'reset' : `${tasks(ls.active)}/${tasks(ls.standby)}/${tasks(ls.warmup)}`,
    `${role(r.active)}/${role(r.standby)}/${role(r.warmup)}`,
    c.endpointEpoch,
    c.heartbeatIntervalMs,
    Math.max(0, c.nextHeartbeatAt - now),
    p.incarnation,
    c.requestVersion,
    c.nestedOwnedTasks ? 1 : 0,
  ].join('|');
}

/** The metadata refresh deadline relative to the group epoch (null: none, EMPTY): how many bumps until it no longer expires. */
function refreshLead(g: StreamsGroup): number | null {
  return g.metadataRefreshEpoch === null ? null : Math.max(0, g.metadataRefreshEpoch - g.groupEpoch);
}

/** The canonical text of a state (exposed for tests and debugging). */
export function canonicalState(w: World, ctx: ExploreContext): string {
  const c = w.broker.coordinator;
  const now = c.now;
  const out: string[] = [];
  for (const id of c.groups.size > 1 ? [...c.groups.keys()].sort() : c.groups.keys()) {
    const g = c.groups.get(id)!;
    out.push(
      `G${id}|${g.groupEpoch}|${g.metadataHash}|${g.validatedTopologyEpoch}|${json(g.lastAssignmentConfigs)}|${json(g.topology)}|${g.topologyId}|${g.assignmentEpoch}|${Math.min(now - g.assignmentTimestamp, ctx.assignmentIntervalClamp)}`,
    );
    const mids = [...g.members.keys()].sort();
    for (const mid of mids) out.push(member(g.members.get(mid)!));
    for (const mid of [...g.targetAssignment.keys()].sort()) out.push(`T${mid}=${tuple(g.targetAssignment.get(mid)!)}`);
    for (const [k, v] of [...g.staticMembers].sort(([a], [b]) => (a < b ? -1 : 1))) out.push(`S${k}=${v}`);
    // soft state
    out.push(
      `s|${g.configuredTopology === null ? 0 : 1}|${g.metadataRefreshRequested ? 1 : 0}|${refreshLead(g)}|${g.endpointInformationEpoch}|${g.shutdownRequester}|${g.draft ? json(g.draft.refreshDeadline) : ''}`,
    );
    const r = g.refinedAssignment;
    if (r !== null)
      out.push(
        `R${r.epoch}|${
          r.targets === 'live'
            ? 'live'
            : [...r.targets.keys()]
                .sort()
                .map((mid) => `${mid}=${tuple((r.targets as ReadonlyMap<string, TasksTuple>).get(mid)!)}`)
                .join(';')
        }`,
      );
    // [4.2]/[4.3] which members' endpoint entries are cached decides a later heartbeat's endpoint list
    const cachedEntries = g.cachedEndpointEntryIds();
    if (cachedEntries.length > 0) out.push(`E${cachedEntries.join(';')}`);
    for (const [mid, p] of [...g.partialProgress].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const so = p.stillOwned;
      out.push(`P${mid}|${p.memberEpoch}|${tuple(p.pending)}|${so.active ? tasks(so.active) : '-'}|${so.standby ? tasks(so.standby) : '-'}|${so.warmup ? tasks(so.warmup) : '-'}`);
    }
    // liveness: only current members' last sends can matter (a returning id sends before it can be fenced)
    const l = w.live;
    for (const mid of mids) {
      const last = l.lastSend.get(mid);
      if (last !== undefined) out.push(`L${mid}=${Math.min(now - last, ctx.sessionTimeoutMs)}`);
    }
  }
  const l = w.live;
  if (l.unstableSince !== undefined) out.push(`U${Math.min(now - l.unstableSince, ctx.stableWithinMs + 1)}|${l.reportedStall ? 1 : 0}|${l.lastRawAdvanceEnd > l.unstableSince ? 1 : 0}`);
  out.push(`X${l.topicsApplied}`);
  // timers in firing order (deadline, then scheduling order), relative to now
  const timers = c.timers.all();
  for (const t of timers) out.push(`t${t.key}@${t.deadline - now}${t.task.kind === 'rebalance-timeout' ? `#${t.task.memberEpoch}` : ''}`);
  for (const [name, n] of w.broker.topics) out.push(`${name}=${n}`);
  for (const cl of w.clients) out.push(client(cl, now));
  return out.join('\n');
}

/**
 * A 53-bit hash of the canonical state: the same facts as `canonicalState`, fed as numbers instead of text.
 * Immutable parts (members, targets, task sets, JSON values) hash once per object (a private hash slot); keyed
 * collections (members, targets, static members, partial progress, last sends) combine their entries
 * order-independently, which is what sorting the keys achieves in the text.
 */
export function stateHash(w: World, ctx: ExploreContext): number {
  const c = w.broker.coordinator;
  const now = c.now;
  const l = w.live;
  const h = new WordHash();
  if (c.groups.size > 1) for (const id of [...c.groups.keys()].sort()) hashGroup(h, c.groups.get(id)!, l, now, ctx);
  else for (const g of c.groups.values()) hashGroup(h, g, l, now, ctx);
  if (l.unstableSince !== undefined) {
    h.word(TAG_UNSTABLE);
    h.num(Math.min(now - l.unstableSince, ctx.stableWithinMs + 1));
    h.word(l.reportedStall ? 1 : 0);
    h.word(l.lastRawAdvanceEnd > l.unstableSince ? 1 : 0);
  }
  h.word(TAG_TOPICS_APPLIED);
  h.num(l.topicsApplied);
  // timers in firing order (deadline, then scheduling order), relative to now
  for (const t of c.timers.all()) {
    h.word(TAG_TIMER);
    h.str(t.key);
    h.num(t.deadline - now);
    h.num(t.task.kind === 'rebalance-timeout' ? t.task.memberEpoch : NONE);
  }
  for (const [name, n] of w.broker.topics) {
    h.word(TAG_TOPIC);
    h.str(name);
    h.num(n);
  }
  for (const cl of w.clients) hashClient(h, cl, now);
  return h.digest();
}

const TAG_GROUP = 0x47000001;
const TAG_SOFT = 0x47000002;
const TAG_UNSTABLE = 0x47000003;
const TAG_TOPICS_APPLIED = 0x47000004;
const TAG_TIMER = 0x47000005;
const TAG_TOPIC = 0x47000006;
const TAG_CLIENT = 0x47000007;
/** Stands for an absent value (`-`, `''` or `reset` in the text). */
const NONE = 0x4e4f4e45;

function hashGroup(h: WordHash, g: StreamsGroup, l: World['live'], now: number, ctx: ExploreContext): void {
  h.word(TAG_GROUP);
  h.str(g.groupId);
  h.num(g.groupEpoch);
  h.str(String(g.metadataHash));
  h.num(g.validatedTopologyEpoch);
  h.num(jsonHash(g.lastAssignmentConfigs));
  h.num(jsonHash(g.topology));
  h.str(g.topologyId ?? '');
  h.num(g.assignmentEpoch);
  h.num(Math.min(now - g.assignmentTimestamp, ctx.assignmentIntervalClamp));
  const sums = collectionSums(g);
  // liveness: only current members' last sends can matter (a returning id sends before it can be fenced)
  let lastSends = 0;
  for (const mid of g.members.keys()) {
    const last = l.lastSend.get(mid);
    if (last !== undefined) lastSends = plus(lastSends, entryHash(mid, Math.min(now - last, ctx.sessionTimeoutMs)));
  }
  h.num(g.members.size);
  h.num(sums.members);
  h.num(g.targetAssignment.size);
  h.num(sums.targets);
  h.num(g.staticMembers.size);
  h.num(sums.statics);
  // soft state
  h.word(TAG_SOFT);
  h.word(g.configuredTopology === null ? 0 : 1);
  h.word(g.metadataRefreshRequested ? 1 : 0);
  h.num(refreshLead(g) ?? NONE);
  h.num(g.endpointInformationEpoch);
  h.str(g.shutdownRequester ?? 'null');
  h.num(g.draft ? jsonHash(g.draft.refreshDeadline) : NONE);
  const refined = g.refinedAssignment;
  if (refined === null) h.num(NONE);
  else {
    h.num(refined.epoch);
    h.num(refined.targets === 'live' ? NONE : targetsSum(refined.targets));
  }
  // [4.2]/[4.3] the cached endpoint entries (none for other releases: nothing hashed)
  const cachedEntries = g.cachedEndpointEntryIds();
  if (cachedEntries.length > 0) {
    h.num(cachedEntries.length);
    for (const id of cachedEntries) h.str(id);
  }
  h.num(g.partialProgress.size);
  h.num(sums.partial);
  h.num(lastSends);
}

/** The sums of a group's keyed collections (members, targets, static members, partial progress): they change only with them. */
interface CollectionSums {
  readonly members: number;
  readonly targets: number;
  readonly statics: number;
  readonly partial: number;
}

/** A refined assignment's snapshot of the targets is never written after it is made: its sum is cached on it. */
const targetsSums = slot<number>();

function targetsSum(targets: ReadonlyMap<string, TasksTuple>): number {
  let x = targetsSums.get(targets);
  if (x === undefined) {
    x = 0;
    for (const [mid, t] of targets) x = plus(x, entryHash(mid, tupleHash(t)));
    targetsSums.set(targets, x);
  }
  return x;
}

/** Cached on the group's collections version, which a clone shares until either side writes a collection. */
const collectionSumsOf = slot<CollectionSums>();

function collectionSums(g: StreamsGroup): CollectionSums {
  const version = g.collectionsVersion;
  const cached = collectionSumsOf.get(version);
  if (cached !== undefined) return cached;
  // a sum of per-entry hashes does not depend on insertion order
  let members = 0;
  for (const m of g.members.values()) members = plus(members, memberHash(m));
  let targets = 0;
  for (const [mid, t] of g.targetAssignment) targets = plus(targets, entryHash(mid, tupleHash(t)));
  let statics = 0;
  for (const [k, v] of g.staticMembers) statics = plus(statics, entryHash(k, stringHash(v)));
  let partial = 0;
  for (const [mid, p] of g.partialProgress) partial = plus(partial, entryHash(mid, partialHash(p)));
  return collectionSumsOf.set(version, { members, targets, statics, partial });
}

function hashClient(h: WordHash, c: SimulatedClient, now: number): void {
  const p = c as unknown as ClientPrivates;
  const o = c.owned;
  const ls = p.lastSent;
  const r = p.lastSentRoles;
  h.word(TAG_CLIENT);
  h.str(c.alias);
  h.str(c.status);
  h.str(c.memberId);
  h.num(c.memberEpoch);
  // the owned tasks and the last report are immutable tuples, replaced whole: one cached hash each
  h.num(tupleHash(o));
  h.num(ls === null ? NONE : tupleHash(ls));
  h.num(r.active === undefined ? NONE : setHash(r.active));
  h.num(r.standby === undefined ? NONE : setHash(r.standby));
  h.num(r.warmup === undefined ? NONE : setHash(r.warmup));
  h.num(c.endpointEpoch);
  h.num(c.heartbeatIntervalMs);
  h.num(Math.max(0, c.nextHeartbeatAt - now));
  h.num(p.incarnation);
  h.num(c.requestVersion);
  h.word(c.nestedOwnedTasks ? 1 : 0);
}

const memberHashes = slot<number>();
const tupleHashes = slot<number>();
const setHashes = slot<number>();
const jsonHashes = slot<number>();
const partialHashes = slot<number>();

/**
 * Hashes of immutable values, cached per object. They hash the facts their canonical text shows (`member`,
 * `tuple`, `tasks`, `json`): absent strings as '' (the text's join does the same), task sets order-independently.
 */
function memberHash(m: StreamsGroupMember): number {
  let x = memberHashes.get(m);
  if (x === undefined) {
    const h = new WordHash();
    h.str(m.memberId);
    h.num(m.memberEpoch);
    h.num(m.previousMemberEpoch);
    h.str(m.state);
    h.str(m.instanceId ?? '');
    h.str(m.rackId ?? '');
    h.num(m.rebalanceTimeoutMs);
    h.str(m.clientId);
    h.str(m.clientHost);
    h.num(m.topologyEpoch);
    h.str(m.topologyId ?? '');
    h.str(m.processId);
    h.num(jsonHash(m.userEndpoint));
    h.num(jsonHash(m.clientTags));
    h.num(setHash(m.assignedTasks.active));
    h.num(setHash(m.assignedTasks.standby));
    h.num(setHash(m.assignedTasks.warmup));
    h.num(tupleHash(m.tasksPendingRevocation));
    memberHashes.set(m, (x = h.digest()));
  }
  return x;
}

function tupleHash(t: TasksTuple): number {
  let x = tupleHashes.get(t);
  if (x === undefined) {
    const h = new WordHash();
    h.num(setHash(t.active));
    h.num(setHash(t.standby));
    h.num(setHash(t.warmup));
    tupleHashes.set(t, (x = h.digest()));
  }
  return x;
}

/**
 * A task set (or active tasks with epochs): per subtopology its id, size and partitions, all order-independent.
 * Two 32-bit lanes of sums of mixed words, without allocating (a transition creates many new sets).
 */
function setHash(t: TaskSet | TaskEpochs): number {
  let x = setHashes.get(t);
  if (x === undefined) {
    let lo = t.size;
    let hi = t.size;
    for (const [sub, ps] of t) {
      let a = 0;
      let b = 0;
      if (ps instanceof Map) {
        for (const [p, e] of ps) {
          a = (a + fmix(mix(mix(0x2545f491, p), e))) | 0;
          b = (b + fmix(mix(mix(0x6a09e667, p), e))) | 0;
        }
      } else {
        for (const p of ps as ReadonlySet<number>) {
          a = (a + fmix(mix(0x2545f491, p))) | 0;
          b = (b + fmix(mix(0x6a09e667, p))) | 0;
        }
      }
      lo = (lo + fmix(mix(mix(mixString(0x3c6ef372, sub), ps.size), a))) | 0;
      hi = (hi + fmix(mix(mix(mixString(0x510e527f, sub), ps.size), b))) | 0;
    }
    setHashes.set(t, (x = (hi & 0x1fffff) * 4294967296 + (lo >>> 0)));
  }
  return x;
}

/** One 32-bit word into a 32-bit state: multiply, then fold the high bits down. */
function mix(h: number, word: number): number {
  h = Math.imul(h ^ word, 0x9e3779b1);
  return h ^ (h >>> 15);
}

/** A final avalanche, so that sums of mixed values do not cancel in the low bits. */
function fmix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function mixString(h: number, s: string): number {
  h = mix(h, s.length);
  for (let i = 0; i < s.length; i++) h = mix(h, s.charCodeAt(i));
  return h;
}

function jsonHash(v: object | null): number {
  if (v === null) return NONE;
  // most members' client tags: a new empty list per member value, all with one text ('[]')
  if (Array.isArray(v) && v.length === 0) return EMPTY_LIST_HASH;
  let x = jsonHashes.get(v);
  if (x === undefined) x = jsonHashes.set(v, cyrb53(JSON.stringify(v)));
  return x;
}

function partialHash(p: PartialProgress): number {
  let x = partialHashes.get(p);
  if (x === undefined) {
    const so = p.stillOwned;
    const h = new WordHash();
    h.num(p.memberEpoch);
    h.num(tupleHash(p.pending));
    h.num(so.active ? setHash(so.active) : NONE);
    h.num(so.standby ? setHash(so.standby) : NONE);
    h.num(so.warmup ? setHash(so.warmup) : NONE);
    partialHashes.set(p, (x = h.digest()));
  }
  return x;
}

const EMPTY_LIST_HASH = cyrb53('[]');

/** The same few strings (ids, timer keys, topic names) recur in every state: their hashes are cached (bounded). */
const stringHashes = new Map<string, number>();
const MAX_CACHED_STRINGS = 65536;

function stringHash(s: string): number {
  let x = stringHashes.get(s);
  if (x === undefined) {
    if (stringHashes.size >= MAX_CACHED_STRINGS) stringHashes.clear();
    stringHashes.set(s, (x = cyrb53(s)));
  }
  return x;
}

const TWO_52 = 2 ** 52;

/**
 * Order-independent combination of entry hashes: addition modulo 2^52 (exact in doubles, so any order gives the same
 * sum). Both are 53-bit hashes or such sums (0 <= x < 2^53), so the remainders are one subtraction each (no fmod).
 */
function plus(sum: number, x: number): number {
  const s = sum + (x >= TWO_52 ? x - TWO_52 : x);
  return s >= TWO_52 ? s - TWO_52 : s;
}

/** One entry of a keyed collection: its key and its value (a hash or a time), mixed in two lanes without allocating. */
function entryHash(key: string, value: number): number {
  const k = keyLanes(key);
  const lo = fmix(mixNumber(k.lo, value));
  const hi = fmix(mixNumber(k.hi, value));
  return (hi & 0x1fffff) * 4294967296 + (lo >>> 0);
}

/** A key's two lanes as `entryHash` starts them: the same few member ids recur in every state, so they are cached (bounded). */
const keyLanesOf = new Map<string, { readonly lo: number; readonly hi: number }>();

function keyLanes(key: string): { readonly lo: number; readonly hi: number } {
  let k = keyLanesOf.get(key);
  if (k === undefined) {
    if (keyLanesOf.size >= MAX_CACHED_STRINGS) keyLanesOf.clear();
    keyLanesOf.set(key, (k = { lo: mixString(0x1b873593, key), hi: mixString(0x68e31da4, key) }));
  }
  return k;
}

/** A number as words: safe integers exactly (low and high halves), anything else by its text. */
function mixNumber(h: number, x: number): number {
  if (!Number.isSafeInteger(x)) return mixString(mix(h, 0x4e414e21), String(x));
  // ToInt32 (x | 0) takes the low 32 bits of any integer
  return mix(mix(h, x | 0), Math.floor(x / 4294967296) | 0);
}

/**
 * Two 32-bit lanes fed one 32-bit word at a time (multiply, then fold the high bits down so every bit
 * of a word reaches every bit of the state), finished like cyrb53.
 */
class WordHash {
  private h1 = 0xdeadbeef;
  private h2 = 0x41c6ce57;

  word(x: number): void {
    let a = Math.imul(this.h1 ^ x, 0x9e3779b1);
    let b = Math.imul(this.h2 ^ x, 0x85ebca77);
    a ^= a >>> 15;
    b ^= b >>> 13;
    this.h1 = a;
    this.h2 = b;
  }

  /** Any number: int32 values as one word, others (large, negative, fractional) by their exact text. */
  num(x: number): void {
    if ((x | 0) === x) this.word(x);
    else if (Number.isSafeInteger(x)) {
      this.word(0x4c4f4e47);
      this.word(x | 0);
      this.word(Math.floor(x / 4294967296) | 0);
    } else this.str(String(x));
  }

  /** A string: its (cached) 53-bit hash. */
  str(s: string): void {
    const x = stringHash(s);
    this.word(x | 0);
    this.word((x / 4294967296) | 0);
  }

  digest(): number {
    let h1 = this.h1;
    let h2 = this.h2;
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
    h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
    h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return 4294967296 * (2097151 & h2) + (h1 >>> 0);
  }
}

export function cyrb53(str: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
