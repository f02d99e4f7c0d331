// kip1071-draft: deterministic stand-ins for the random UUIDs of the branch.
//
// The branch generates a member id with Uuid.randomUuid() when a join arrives with an empty MemberId (§1.1).
// The simulator must give the same trace every time, so every "random" UUID here is a hash: 16 bytes from
// FNV-1a (four differently seeded 32-bit lanes) of a seed string, printed like Kafka's Uuid.toString()
// (URL-safe base64 without padding, 22 characters).
//
//  * member ids:  seed "member|<groupId>|<log end offset>|<n>". The log end offset is unique per successful write
//    and survives fail-over (the log is kept), so ids never repeat within a scenario; n counts retries if the id
//    happened to be taken.
//  * topic ids:   seed "topic|<name>" (the metadata image of the simulator has names only).
//  * topology ids (seed design, simulated client): seed "topology|<canonical JSON of the topology>".
import { deterministicUuid } from '../../util/uuid.ts';

export { deterministicUuid };

/** The member id the coordinator generates for a join with an empty MemberId. */
export function generateMemberId(groupId: string, logEndOffset: number, taken: (id: string) => boolean): string {
  for (let n = 0; ; n++) {
    const id = deterministicUuid(`member|${groupId}|${logEndOffset}|${n}`);
    if (!taken(id)) return id;
  }
}

export function topicId(name: string): string {
  return deterministicUuid(`topic|${name}`);
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/** Seed design: "the topology ID will be derived from the topology by deterministic hashing". */
export function topologyIdOf(topology: unknown): string {
  return deterministicUuid(`topology|${canonical(topology)}`);
}
