// Generated sequences on any engine: seeds from an offset, each scenario generated for the engine's mode, run through
// the engine's `run` (scenario in, comparison out) and counted into the coverage; then each kind of divergence is
// shrunk once, from its lowest seed, to a minimal scenario that is run once more to show it reproduces. Engine-agnostic and free of I/O: the caller brings the
// engine, the rule for what counts as a divergence, and does the writing.
import type { OracleResult } from './compare.ts';
import { addResult, emptyCoverage, type Coverage } from './coverage.ts';
import { fitForLiveBroker } from './generate/live.ts';
import type { GenerateMode } from './generate/mode.ts';
import { generateScenario } from './generate/sequence.ts';
import { shrinkScenario } from './shrink.ts';

type Json = Record<string, unknown>;

export interface SequenceEngine {
  /** Shown in reports ("broker", "shard"). */
  name: string;
  /** What the generator may use for this engine. */
  mode: GenerateMode;
  run(doc: Json): Promise<OracleResult>;
}

export interface SequenceOptions {
  count: number;
  steps: number;
  /** Seeds are seedOffset + 1 … seedOffset + count. */
  seedOffset: number;
  /** Sequences in flight at once (failover sequences always run alone, after the others). */
  concurrency: number;
  /** Live mode: one sequence in this many includes a failover (0: none). */
  failoverEvery: number;
  /** The differences of a result that count as a divergence (accepted ones left out), as readable lines. */
  unexplained(result: OracleResult): string[];
  /** Most engine runs to spend shrinking one divergence. */
  shrinkRuns: number;
  /** Whether a seed's divergence of this kind is a known open one: reported in `known`, neither shrunk nor failed. */
  known?: (seed: number, signature: string) => boolean;
}

export interface Divergence {
  seed: number;
  /** The kind of divergence (divergenceSignature of its first difference). */
  signature: string;
  /** The differences of the minimal scenario, or the first run's when it was not shrunk or did not reproduce them. */
  diffs: string[];
  /** Whether this seed was shrunk (one seed per signature is: the lowest). */
  shrunk: boolean;
  /** Whether the minimal scenario showed the same kind of divergence again. */
  reproduced: boolean;
  /** The seed shrunk for this kind of divergence, when it is another one. */
  sameAs: number | null;
  original: Json;
  minimal: Json;
}

export interface SequenceReport {
  coverage: Coverage;
  divergences: Divergence[];
  /** Requests sent over all sequences (request steps and run exchanges). */
  requests: number;
  refused: { seed: number; reasons: string[] }[];
  /** Sequences the engine could not run (it threw): the seed and the message. */
  errors: { seed: number; message: string }[];
  /** Live mode: steps dropped because the planner refused them. */
  droppedSteps: number;
  /** Divergences the caller knows to be open (`known`): the seed and its kind. */
  known: { seed: number; signature: string }[];
}

/** The scenario for a seed on an engine: generated for its mode, and fitted to a live broker when it is one. */
export function scenarioForSeed(seed: number, engine: Pick<SequenceEngine, 'mode'>, opts: Pick<SequenceOptions, 'steps' | 'failoverEvery'>): { doc: Json; dropped: number } {
  const failover = engine.mode === 'live' && opts.failoverEvery > 0 && seed % opts.failoverEvery === 0;
  const doc = generateScenario(seed, { steps: opts.steps, mode: engine.mode, failover });
  if (engine.mode !== 'live') return { doc, dropped: 0 };
  const fit = fitForLiveBroker(doc);
  return { doc: fit.doc, dropped: fit.dropped };
}

const hasFailover = (doc: Json): boolean => (doc.steps as Json[]).some((s) => 'failover' in s);

/**
 * What kind of divergence a difference line is ("step 3 (a: join): response.status[1].statusCode: playground …"):
 * the step's action without its alias and the field path with indexes as [*], so that the same bug met by many
 * sequences is shrunk once.
 */
export function divergenceSignature(line: string): string {
  const m = /^step \d+ \((?:[^:)]*: )?([^)]*)\): (\S+?):? playground/.exec(line);
  return m ? `${m[1]} ${m[2]!.replace(/\[\d+\]/g, '[*]')}` : line;
}

export async function runSequences(engine: SequenceEngine, opts: SequenceOptions): Promise<SequenceReport> {
  const report: SequenceReport = { coverage: emptyCoverage(), divergences: [], requests: 0, refused: [], errors: [], droppedSteps: 0, known: [] };
  const seeds = Array.from({ length: opts.count }, (_, i) => opts.seedOffset + i + 1);
  const docs = new Map(
    seeds.map((seed) => {
      const { doc, dropped } = scenarioForSeed(seed, engine, opts);
      report.droppedSteps += dropped;
      return [seed, doc];
    }),
  );
  const failed = (seed: number, e: unknown) => report.errors.push({ seed, message: e instanceof Error ? e.message : String(e) });
  /** First-run differences by seed. */
  const diverged = new Map<number, string[]>();
  const check = async (seed: number) => {
    try {
      const result = await engine.run(docs.get(seed)!);
      if (result.refused) {
        report.refused.push({ seed, reasons: result.refused });
        return;
      }
      addResult(report.coverage, result);
      report.requests += result.steps.reduce((n, s) => n + (s.requests?.length ?? 0), 0);
      const diffs = opts.unexplained(result);
      if (diffs.length > 0) diverged.set(seed, diffs);
    } catch (e) {
      failed(seed, e);
    }
  };
  const inParallel = async (items: number[], work: (seed: number) => Promise<void>) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.max(1, opts.concurrency) }, async () => {
        while (next < items.length) await work(items[next++]!);
      }),
    );
  };
  const alone = seeds.filter((s) => engine.mode === 'live' && hasFailover(docs.get(s)!));
  await inParallel(
    seeds.filter((s) => !alone.includes(s)),
    check,
  );
  // failovers restart a shared broker: one at a time, nothing else running
  for (const seed of alone) await check(seed);

  // one shrink per kind of divergence (its lowest seed), aimed at keeping that kind; the other seeds point to it
  const bySignature = new Map<string, number>();
  for (const seed of [...diverged.keys()].sort((a, b) => a - b)) {
    const signature = divergenceSignature(diverged.get(seed)![0]!);
    if (opts.known?.(seed, signature)) {
      report.known.push({ seed, signature });
      continue;
    }
    if (!bySignature.has(signature)) bySignature.set(signature, seed);
    else
      report.divergences.push({
        seed,
        signature,
        diffs: diverged.get(seed)!,
        shrunk: false,
        reproduced: false,
        sameAs: bySignature.get(signature)!,
        original: docs.get(seed)!,
        minimal: docs.get(seed)!,
      });
  }
  const shrinkOne = async (signature: string, seed: number) => {
    const doc = docs.get(seed)!;
    // a candidate the engine cannot run does not keep the divergence: dropping steps can leave one a live broker refuses
    // to carry out (a topic created again after its deletion was dropped, a topic grown whose creation was), which ends
    // that candidate, not the shrink
    const diverges = async (candidate: Json) => {
      let r: OracleResult;
      try {
        r = await engine.run(candidate);
      } catch {
        return false;
      }
      return !r.refused && opts.unexplained(r).some((line) => divergenceSignature(line) === signature);
    };
    try {
      const { doc: minimal } = await shrinkScenario(doc, diverges, { maxRuns: opts.shrinkRuns });
      const again = await engine.run(minimal);
      const againDiffs = again.refused ? [] : opts.unexplained(again);
      const reproduced = againDiffs.some((line) => divergenceSignature(line) === signature);
      report.divergences.push({ seed, signature, diffs: reproduced ? againDiffs : diverged.get(seed)!, shrunk: true, reproduced, sameAs: null, original: doc, minimal });
    } catch (e) {
      failed(seed, e);
    }
  };
  const kinds = [...bySignature];
  const shrinkAlone = kinds.filter(([, seed]) => alone.includes(seed));
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, opts.concurrency) }, async () => {
      const mine = kinds.filter(([, seed]) => !alone.includes(seed));
      while (next < mine.length) {
        const [signature, seed] = mine[next++]!;
        await shrinkOne(signature, seed);
      }
    }),
  );
  for (const [signature, seed] of shrinkAlone) await shrinkOne(signature, seed);
  report.divergences.sort((a, b) => a.seed - b.seed);
  report.refused.sort((a, b) => a.seed - b.seed);
  report.errors.sort((a, b) => a.seed - b.seed);
  return report;
}
