// A generated scenario made runnable on a live broker: the oracle's planner says which steps a real clock or the
// shared broker cannot reproduce (a timer too close to a step, a group config bound the oracle broker does not share);
// those steps are dropped and the scenario planned again, a few times; as a last resort every clock move and every
// group config change goes.
import { parseScenario } from '../../scenario/parse.ts';
import { planOracle } from '../plan.ts';
import type { Json } from './header.ts';

export interface LiveFit {
  doc: Json;
  /** Steps dropped for the live broker. */
  dropped: number;
  /** The planner's reasons when even the last resort is refused (the run will be refused), else []. */
  refused: string[];
}

/** Step numbers (1-based) the planner's reasons name ("step 7 (…)"). */
const namedSteps = (reasons: readonly string[]): Set<number> => new Set(reasons.flatMap((r) => [...r.matchAll(/step (\d+) \(/g)].map((m) => Number(m[1]))));

function refusal(doc: Json): string[] {
  const parsed = parseScenario(JSON.stringify(doc));
  if (!parsed.ok) return [`invalid scenario: ${parsed.errors[0]!.path}: ${parsed.errors[0]!.message}`];
  const plan = planOracle(parsed.scenario, { canRestart: true, brokerConfigsApplied: false });
  return plan.ok ? [] : plan.reasons;
}

export function fitForLiveBroker(doc: Json, maxRounds = 4): LiveFit {
  let current = doc;
  const total = (doc.steps as Json[]).length;
  for (let round = 0; round < maxRounds; round++) {
    const reasons = refusal(current);
    if (reasons.length === 0) return { doc: current, dropped: total - (current.steps as Json[]).length, refused: [] };
    const named = namedSteps(reasons);
    if (named.size === 0) break;
    current = { ...current, steps: (current.steps as Json[]).filter((_, i) => !named.has(i + 1)) };
  }
  // the last resort: no clock moves and no group configs set mid-scenario (a delay or interval they set may leave a
  // pending timer too close to the steps after it; the planner names no step for that)
  current = { ...current, steps: (current.steps as Json[]).filter((s) => !('advance' in s) && !('run' in s) && s.send !== 'IncrementalAlterConfigs') };
  const reasons = refusal(current);
  return { doc: current, dropped: total - (current.steps as Json[]).length, refused: reasons };
}
