// "Did you mean": the known name closest to a misspelled one (optimal string alignment distance, case-insensitive).

/** Edits (insert, delete, substitute, swap two neighbours) that turn a into b. */
export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  let prev2: number[] = [];
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur.push(d);
    }
    prev2 = prev;
    prev = cur;
  }
  return prev[n]!;
}

/** The one known name within a small distance of `word` (1 edit for short names, 2 from 5 letters, 3 from 10), or null. */
export function closestName(word: string, known: readonly string[]): string | null {
  const w = word.toLowerCase();
  const limit = w.length >= 10 ? 3 : w.length >= 5 ? 2 : 1;
  let best: string | null = null;
  let bestD = limit + 1;
  let tie = false;
  for (const k of known) {
    const d = editDistance(w, k.toLowerCase());
    if (d < bestD) {
      best = k;
      bestD = d;
      tie = false;
    } else if (d === bestD) tie = true;
  }
  return best !== null && !tie ? best : null;
}
