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

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function fnv1a(s: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A Kafka-style UUID string (22 chars) derived from `seed`. */
export function deterministicUuid(seed: string): string {
  const bytes: number[] = [];
  for (let lane = 0; lane < 4; lane++) {
    const h = fnv1a(seed, Math.imul(lane + 1, 0x9e3779b9));
    bytes.push((h >>> 24) & 255, (h >>> 16) & 255, (h >>> 8) & 255, h & 255);
  }
  let out = '';
  for (let i = 0; i < 16; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += B64URL[(n >>> 18) & 63]! + B64URL[(n >>> 12) & 63]!;
    if (i + 1 < 16) out += B64URL[(n >>> 6) & 63]!;
    if (i + 2 < 16) out += B64URL[n & 63]!;
  }
  return out;
}

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
