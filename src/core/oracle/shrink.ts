// Shrinks a diverging scenario to a minimal one, on any engine: the caller says whether a candidate still diverges
// (running it on the live broker, the in-process coordinator or anything else). Steps go first in chunks that halve
// (delta debugging), then one at a time; then the initialLog, the clients no step names and the configs, each kept
// out only if the divergence stays. Every candidate is a valid scenario (the validator's verdict is asked first).
import { parseScenario } from '../scenario/parse.ts';

type Json = Record<string, unknown>;

export interface ShrinkOptions {
  /** Most candidates to run (each is one engine run). */
  maxRuns: number;
}

export interface ShrinkResult {
  doc: Json;
  runs: number;
}

/** Whether the alias is named by any step (as a client or as a raw sender). */
const namesClient = (steps: Json[], alias: string): boolean => steps.some((s) => s.client === alias || s.member === alias);

export async function shrinkScenario(doc: Json, stillDiverges: (candidate: Json) => Promise<boolean>, opts: ShrinkOptions): Promise<ShrinkResult> {
  let current = doc;
  let runs = 0;
  const attempt = async (candidate: Json): Promise<boolean> => {
    if (runs >= opts.maxRuns || !parseScenario(JSON.stringify(candidate)).ok) return false;
    runs++;
    if (!(await stillDiverges(candidate))) return false;
    current = candidate;
    return true;
  };
  const steps = () => current.steps as Json[];
  // chunks of steps, halving
  for (let size = Math.max(1, Math.floor(steps().length / 2)); size >= 1; size = Math.floor(size / 2)) {
    for (let start = steps().length - size; start >= 0 && runs < opts.maxRuns; start -= size) {
      await attempt({ ...current, steps: steps().filter((_, i) => i < start || i >= start + size) });
    }
    if (size === 1) break;
  }
  // one step at a time again: a removal may have made another removable
  for (let i = steps().length - 1; i >= 0 && runs < opts.maxRuns; i--) await attempt({ ...current, steps: steps().filter((_, j) => j !== i) });
  if (Array.isArray(current.initialLog)) {
    const { initialLog: _log, ...rest } = current;
    await attempt(rest);
  }
  const clients = current.clients as Record<string, Json> | undefined;
  for (const alias of Object.keys(clients ?? {})) {
    if (namesClient(steps(), alias)) continue;
    const rest = Object.fromEntries(Object.entries(current.clients as Record<string, Json>).filter(([a]) => a !== alias));
    await attempt({ ...current, clients: rest });
  }
  for (const name of Object.keys((current.config as Json | undefined) ?? {})) {
    const rest = Object.fromEntries(Object.entries(current.config as Json).filter(([n]) => n !== name));
    await attempt({ ...current, config: rest });
  }
  return { doc: current, runs };
}
