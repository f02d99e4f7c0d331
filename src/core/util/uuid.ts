// Deterministic stand-ins for Kafka's random UUIDs (Uuid.randomUuid()): the simulator must give the same trace every
// time, so such an id is a hash: 16 bytes from FNV-1a (four differently seeded 32-bit lanes) of a seed string, printed
// like Kafka's Uuid.toString() (URL-safe base64 without padding, 22 characters).

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

/**
 * The simulated cluster's id of a topic (seed "topic|<name>"): the cluster's topics have names only, so a topic
 * deleted and created again keeps its id, where a real broker would make a new one.
 */
export function topicIdOf(name: string): string {
  return deterministicUuid(`topic|${name}`);
}
