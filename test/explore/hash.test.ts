import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalState, prepare, stateHash, type World } from '../../src/core/explore/index.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import type { Scenario } from '../../src/core/scenario/types.ts';

const root = join(import.meta.dirname, '..', '..');
const load = (path: string): Scenario => {
  const p = parseScenario(readFileSync(join(root, path), 'utf8'));
  if (!p.ok) throw new Error(JSON.stringify(p.errors));
  return p.scenario;
};

/** Every state within `depth` actions of the start (duplicates included). */
function reachable(scenario: Scenario, depth: number): { worlds: World[]; ctx: ReturnType<typeof prepare>['ctx'] } {
  const { root: start, ctx } = prepare(scenario);
  const worlds = [start];
  let frontier = [start];
  for (let d = 0; d < depth; d++) {
    const next: World[] = [];
    for (const w of frontier) {
      for (const a of w.actions(ctx)) {
        const c = w.clone();
        c.apply(ctx, a);
        next.push(c);
      }
    }
    worlds.push(...next);
    frontier = next;
  }
  return { worlds, ctx };
}

describe('stateHash', () => {
  it.each([
    ['test/explore/fixtures/kafka-20870-two-roles.json', 3],
    ['static/examples/02-scale-out-revocation.json', 3],
    ['static/examples/04-static-member-restart.json', 3],
  ])(
    'agrees with canonicalState on %s (equal hash exactly when equal text)',
    (path, depth) => {
      const { worlds, ctx } = reachable(load(path), depth);
      const textByHash = new Map<number, string>();
      const hashByText = new Map<string, number>();
      for (const w of worlds) {
        const h = stateHash(w, ctx);
        const t = canonicalState(w, ctx);
        expect(textByHash.get(h) ?? t).toBe(t);
        expect(hashByText.get(t) ?? h).toBe(h);
        textByHash.set(h, t);
        hashByText.set(t, h);
      }
      // the search merges states here, so the check covers equal states reached in different ways
      expect(hashByText.size).toBeLessThan(worlds.length);
    },
    120_000,
  );
});
