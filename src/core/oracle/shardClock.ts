// The shard engine's clock base. Kafka reads an AssignmentTimestamp of 0 as "never assigned"
// (GroupMetadataManager.canComputeNextTargetAssignment), which a real broker never meets: its clock is never at 0. The
// playground's clock starts at 0 and counts an assignment made then for group.streams.assignment.interval.ms. So the
// shard engine runs Kafka's coordinator at scenario time + SHARD_CLOCK_BASE_MS: every instant moves by the same amount,
// so timers, session and rebalance timeouts, retention and loadMs keep their distances to the millisecond. Timestamps
// go into Kafka shifted up (initialLog records, requests) and come back shifted down (records, responses); the output
// names this normalisation.

/** Kafka's clock at the scenario's time 0 (2001-09-09T01:46:40Z: any instant after the epoch would do). */
export const SHARD_CLOCK_BASE_MS = 1_000_000_000_000;

/** A field that holds an instant: Kafka's *Timestamp / *TimestampMs names (commitTimestamp, assignmentTimestamp, …). */
const INSTANT_KEY = /[tT]imestamp(Ms)?$/;

/**
 * A copy of `value` with every instant field moved by `deltaMs`; sentinels (negative values such as -1 "none") stay.
 * Into Kafka an instant is at least 0; out of Kafka at least the base (anything below it is a sentinel Kafka kept).
 */
export function shiftInstants(value: unknown, deltaMs: number): unknown {
  if (Array.isArray(value)) return value.map((v) => shiftInstants(v, deltaMs));
  if (value === null || typeof value !== 'object') return value;
  const floor = deltaMs > 0 ? 0 : -deltaMs;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (INSTANT_KEY.test(k) && typeof v === 'number') out[k] = v >= floor ? v + deltaMs : v;
    else out[k] = shiftInstants(v, deltaMs);
  }
  return out;
}

/** The normalisation, as the output names it. */
export const SHARD_CLOCK_NORMALISATION = `clock: Kafka's coordinator runs on the scenario's clock shifted by ${SHARD_CLOCK_BASE_MS} ms (Kafka reads an assignment timestamp of 0 as "never assigned", a broker's clock is never 0); every *Timestamp field Kafka wrote or answered is shown minus that base (values below it, such as -1, are sentinels and stay), so every timestamp and duration is compared exactly`;

/** An initialLog record as the shard engine receives it: type, key, value (null: a tombstone). */
interface InitialRecord {
  type: string;
  key: Record<string, unknown>;
  value: Record<string, unknown> | null;
}

/**
 * The initialLog's values shifted into Kafka's clock, record by record. One 0 stays: the assignmentTimestamp of a
 * StreamsGroupTargetAssignmentMetadata written while its group has no member left is Kafka's "never assigned" (the
 * last member's leave writes it), which the simulator's replay reads the same way (NEVER_ASSIGNED); moved by the base
 * it would read as an assignment at scenario time 0, which the assignment interval waits after.
 */
export function shiftInitialLog<R extends InitialRecord>(records: readonly R[]): R[] {
  const members = new Map<string, Set<string>>();
  return records.map((r) => {
    const groupId = String(r.key.groupId ?? '');
    if (r.type === 'StreamsGroupMemberMetadata') {
      const set = members.get(groupId) ?? new Set<string>();
      members.set(groupId, set);
      if (r.value === null) set.delete(String(r.key.memberId));
      else set.add(String(r.key.memberId));
    }
    const shifted = shiftInstants(r.value, SHARD_CLOCK_BASE_MS) as R['value'];
    if (r.type === 'StreamsGroupTargetAssignmentMetadata' && r.value !== null && (r.value.assignmentTimestamp ?? 0) === 0 && (members.get(groupId)?.size ?? 0) === 0) {
      return { ...r, value: { ...shifted, assignmentTimestamp: 0 } };
    }
    return { ...r, value: shifted };
  });
}
