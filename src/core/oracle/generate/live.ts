// A generated scenario made runnable on a live broker: the oracle's planner says which steps a real clock or the
// shared broker cannot reproduce (a timer too close to a step, a group config bound the oracle broker does not share);
// those steps are dropped and the scenario planned again, a few times; as a last resort every clock move and every
// group config change goes. Clock moves that would keep a real clock waiting too long go too, longest first.
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

/**
 * Most real time a live sequence may spend waiting in `advance` and `run` steps. The planner lowers the time scale
 * until every fired timer is clear of every step and the steps after a clock move fit in the members' sessions in
 * real time; a low scale turns a long clock move into minutes of waiting (a move past a 45 s session timeout costs a
 * few seconds at best).
 */
export const LIVE_WAIT_BUDGET_MS = 20000;

/** The planner's reasons for refusing the scenario ([] when it plans it), and the plan's real waits per step index. */
function refusal(doc: Json): { reasons: string[]; waits: Map<number, number> } {
  const parsed = parseScenario(JSON.stringify(doc));
  if (!parsed.ok) return { reasons: [`invalid scenario: ${parsed.errors[0]!.path}: ${parsed.errors[0]!.message}`], waits: new Map() };
  const plan = planOracle(parsed.scenario, { canRestart: true, brokerConfigsApplied: false });
  if (!plan.ok) return { reasons: plan.reasons, waits: new Map() };
  const waits = new Map<number, number>();
  for (const s of plan.plan.steps) {
    if (s.kind === 'advance') waits.set(s.index, s.ms / plan.plan.timeScale);
    else if (s.kind === 'run') waits.set(s.index, (s.time - s.start) / plan.plan.timeScale);
  }
  return { reasons: [], waits };
}

const withoutStep = (doc: Json, index: number): Json => ({ ...doc, steps: (doc.steps as Json[]).filter((_, i) => i !== index) });

export function fitForLiveBroker(doc: Json, maxRounds = 4): LiveFit {
  let current = doc;
  const total = (doc.steps as Json[]).length;
  for (let round = 0; round < maxRounds; round++) {
    const { reasons, waits } = refusal(current);
    if (reasons.length === 0) {
      // within the wait budget: the clock move that waits longest goes first
      const longest = [...waits].sort((a, b) => b[1] - a[1])[0];
      const waited = [...waits.values()].reduce((a, b) => a + b, 0);
      if (waited > LIVE_WAIT_BUDGET_MS && longest) {
        current = withoutStep(current, longest[0]);
        round--;
        continue;
      }
      return { doc: current, dropped: total - (current.steps as Json[]).length, refused: [] };
    }
    const named = namedSteps(reasons);
    if (named.size === 0) break;
    current = { ...current, steps: (current.steps as Json[]).filter((_, i) => !named.has(i + 1)) };
  }
  // the last resort: no clock moves and no group configs set mid-scenario (a delay or interval they set may leave a
  // pending timer too close to the steps after it; the planner names no step for that)
  current = { ...current, steps: (current.steps as Json[]).filter((s) => !('advance' in s) && !('run' in s) && s.send !== 'IncrementalAlterConfigs') };
  const { reasons } = refusal(current);
  return { doc: current, dropped: total - (current.steps as Json[]).length, refused: reasons };
}
