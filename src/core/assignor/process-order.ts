// The processes of a group numbered in the order StickyTaskAssignor's processIdToState iterates them: a
// `new HashMap<>(numMembers)` filled by one computeIfAbsent per member (StickyTaskAssignor.initialize). The same
// order as util/java.ts hashMapOrderByComputeIfAbsent, computed in one pass and a walk of its bins (no comparator
// sort, no Map of ids: they are found by their Java hash, which a String keeps once computed, as
// cachedStringHashCode does): the assignor runs this on every assignment.

import { Arena } from './arena.ts';
import { cachedStringHashCode, hashMapOrder, spreadHash, tableSizeFor } from '../util/java.ts';

const TREEIFY_THRESHOLD = 8;
const MIN_TREEIFY_CAPACITY = 64;

export interface ProcessOrder {
  /** Process ids in HashMap iteration order. */
  readonly processIds: string[];
  /** Each member's process, as an index into processIds. */
  readonly memberProcess: Int32Array;
}

/** `processIdOfMember[m]`: the process id of member m, members in the group spec's iteration order. */
export function processOrder(processIdOfMember: readonly string[], arena: Arena = new Arena()): ProcessOrder {
  const numMembers = processIdOfMember.length;
  const unique = new Array<string>(numMembers);
  const spread = arena.int32(numMembers);
  const memberUnique = arena.int32(numMembers);
  // the distinct ids, found by their Java hash: a chained table over the spread hashes (equal ids have equal hashes),
  // with as many slots as Java's table ends with when every member has a process of its own (one resize past 3/4)
  const initialCapacity = tableSizeFor(numMembers);
  const tableSize = numMembers - 1 > Math.floor(initialCapacity * 0.75) ? 2 * initialCapacity : initialCapacity;
  const heads = arena.int32(tableSize, -1);
  const chain = arena.int32(numMembers);
  let n = 0;
  // Java's table: capacity and threshold (`new HashMap<>(numMembers)` holds the capacity as its threshold until the
  // first call) and, while the table is below 64 (where a full bin resizes it), the size of each bin
  let cap = 0;
  let thr = tableSizeFor(numMembers);
  let binSizes: Int32Array | null = null;
  for (let m = 0; m < numMembers; m++) {
    // computeIfAbsent: the resize check comes first, in every call (also one that finds its key present)
    if (n > thr || cap === 0) {
      const newCap = cap === 0 ? thr : cap * 2;
      // HashMap.resize: the threshold doubles from a table of 16 on, else it is 0.75 of the new table
      thr = cap === 0 || cap < 16 ? Math.floor(newCap * 0.75) : thr * 2;
      cap = newCap;
      binSizes = cap < MIN_TREEIFY_CAPACITY ? binSizesOf(spread, n, cap, arena) : null;
    }
    const id = processIdOfMember[m]!;
    const h = spreadHash(cachedStringHashCode(id));
    const slot = h & (tableSize - 1);
    let u = heads[slot]!;
    while (u !== -1 && (spread[u] !== h || unique[u] !== id)) u = chain[u]!;
    if (u === -1) {
      u = n++;
      unique[u] = id;
      spread[u] = h;
      chain[u] = heads[slot]!;
      heads[slot] = u;
      if (binSizes !== null) {
        const b = h & (cap - 1);
        // computeIfAbsent: binCount >= TREEIFY_THRESHOLD - 1 calls treeifyBin, which resizes while the table is below 64
        if (binSizes[b]!++ >= TREEIFY_THRESHOLD - 1) {
          thr = cap < 16 ? Math.floor(cap * 2 * 0.75) : thr * 2;
          cap *= 2;
          binSizes = cap < MIN_TREEIFY_CAPACITY ? binSizesOf(spread, n, cap, arena) : null;
        }
      }
    }
    memberUnique[m] = u;
  }
  // by bucket; computeIfAbsent links new nodes at the head of their bin, so newest first within a bucket
  const rank = arena.int32(n);
  const processIds = new Array<string>(n);
  if (cap === tableSize) {
    // the lookup table's chains are then Java's bins, in the same order (new ids linked at the head): walk them
    let pos = 0;
    for (let b = 0; b < cap; b++) {
      for (let u = heads[b]!; u !== -1; u = chain[u]!) {
        rank[u] = pos;
        processIds[pos++] = unique[u]!;
      }
    }
  } else {
    // a counting sort by bucket, newest first
    const mask = cap - 1;
    const starts = arena.int32(cap + 1);
    for (let u = 0; u < n; u++) starts[(spread[u]! & mask) + 1]!++;
    for (let b = 0; b < cap; b++) starts[b + 1]! += starts[b]!;
    for (let u = n - 1; u >= 0; u--) {
      const pos = starts[spread[u]! & mask]!++;
      rank[u] = pos;
      processIds[pos] = unique[u]!;
    }
  }
  const memberProcess = arena.int32(numMembers);
  for (let m = 0; m < numMembers; m++) memberProcess[m] = rank[memberUnique[m]!]!;
  return { processIds, memberProcess };
}

/** The size of each bin of a table of `cap` holding the first `n` spread hashes. */
function binSizesOf(spread: Int32Array, n: number, cap: number, arena: Arena): Int32Array {
  const sizes = arena.int32(cap);
  for (let u = 0; u < n; u++) sizes[spread[u]! & (cap - 1)]!++;
  return sizes;
}

/**
 * [4.2]/[4.3] The same for `putIfAbsent` into `new HashMap<>(numMembers)` (StickyTaskAssignor.initialize of 4.2.2 and
 * 4.3.2): HashMap.putVal links a new process at the tail of its bucket and resizes after the insert.
 */
export function processOrderByPut(processIdOfMember: readonly string[], arena: Arena = new Arena()): ProcessOrder {
  const processIds = hashMapOrder(processIdOfMember, cachedStringHashCode, processIdOfMember.length);
  const index = new Map(processIds.map((id, i) => [id, i]));
  const memberProcess = arena.int32(processIdOfMember.length);
  for (let m = 0; m < processIdOfMember.length; m++) memberProcess[m] = index.get(processIdOfMember[m]!)!;
  return { processIds, memberProcess };
}
