// What the two generated-sequence suites share (generated.shard.oracle.test.ts on Kafka's coordinator in process,
// generated.live.oracle.test.ts on the bundled broker): their size from the environment, the rule for what counts as
// a divergence (oracle/accepted.md, including its "generated diff" kinds, each remembered when met), the timed run on
// an engine (runGenerated), and the report: the coverage table, each kind of divergence with its shrunk scenario
// written to oracle/found/, and the failures.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OracleResult } from '../../src/core/oracle/compare.ts';
import { coverageUniverse, formatCoverage, unreached, type CoverageMode } from '../../src/core/oracle/coverage.ts';
import { divergenceSignature, runSequences, type SequenceEngine, type SequenceReport } from '../../src/core/oracle/sequences.ts';
import { GENERATED_DIFFS, unexplainedDiffs } from './accepted.ts';

export const FOUND_DIR = join(import.meta.dirname, '../../oracle/found');

/** How many sequences of how many steps, from which seed (seeds are seedOffset + 1 … seedOffset + count). */
export interface GeneratedSize {
  count: number;
  steps: number;
  seedOffset: number;
  /** Whether this is the suite's default run (or a superset of its seeds, with the same steps). */
  isDefault: boolean;
}

const DEFAULT_STEPS = 24;

function envNumber(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number ≥ 0, not "${text}"`);
  return n;
}

/** The size from `countVariable` (default `defaultCount`), SGP_ORACLE_STEPS (24) and SGP_ORACLE_SEED_OFFSET (0). */
export function sizeFromEnvironment(countVariable: string, defaultCount: number): GeneratedSize {
  const count = envNumber(countVariable, defaultCount);
  const steps = envNumber('SGP_ORACLE_STEPS', DEFAULT_STEPS);
  const seedOffset = envNumber('SGP_ORACLE_SEED_OFFSET', 0);
  return { count, steps, seedOffset, isDefault: count >= defaultCount && steps === DEFAULT_STEPS && seedOffset === 0 };
}

export const diffLine = (s: OracleResult['steps'][number], d: { path: string; playground: unknown; kafka: unknown }): string =>
  `step ${s.index + 1} (${s.label}): ${d.path}: playground ${JSON.stringify(d.playground)}, Kafka ${JSON.stringify(d.kafka)}`;

/**
 * What counts as a divergence of a generated sequence: each difference oracle/accepted.md does not explain, as a line;
 * a difference of an accepted "generated diff" kind is left out, and its kind remembered in `met`.
 */
function generatedAcceptance(accepted: readonly string[] = GENERATED_DIFFS): { unexplained(result: OracleResult): string[]; met: Set<string> } {
  const met = new Set<string>();
  return {
    met,
    unexplained: (result) =>
      result.steps.flatMap((s) =>
        unexplainedDiffs(s)
          .map((d) => diffLine(s, d))
          .filter((line) => {
            const kind = divergenceSignature(line);
            if (!accepted.includes(kind)) return true;
            met.add(kind);
            return false;
          }),
      ),
  };
}

/**
 * An engine's `run`, counted: runSequences first runs every sequence once, then shrinks, so the moment the
 * `count`-th run ends splits the time between running the sequences and shrinking their divergences.
 */
function timedRuns<T>(count: number, run: (doc: Record<string, unknown>) => Promise<T>): { run: typeof run; runs: () => number; sequencesMs: () => number | null } {
  const started = performance.now();
  let runs = 0;
  let sequencesMs: number | null = count === 0 ? 0 : null;
  return {
    runs: () => runs,
    sequencesMs: () => sequencesMs,
    run: async (doc) => {
      try {
        return await run(doc);
      } finally {
        if (++runs === count) sequencesMs = performance.now() - started;
      }
    },
  };
}

interface GeneratedReportOptions {
  /** The engine's name in file names and text ("shard", "live"). */
  engine: string;
  mode: CoverageMode;
  size: GeneratedSize;
  elapsedMs: number;
  /** Of elapsedMs, the time until every sequence had run once (the rest is shrinking). */
  sequencesMs: number;
  /** Engine runs in all (sequences and shrinking). */
  runs: number;
  /** The accepted kinds met in this run (generatedAcceptance's `met`). */
  met: ReadonlySet<string>;
  /** Fail on an accepted kind this run did not meet (sound only when the run is deterministic and its default size). */
  checkAcceptedStillOccur: boolean;
  /** Fail on anything the playground can produce that no sequence reached. */
  checkNothingUnreached: boolean;
  /** The Kafka release the sequences ran as, when not the scenario's own: written into each minimal scenario. */
  kafka?: string;
}

/** The minimal scenario of a shrunk divergence, written to oracle/found/; returns its path relative to the repository. */
function writeMinimal(engine: string, d: SequenceReport['divergences'][number], kafka?: string): string {
  mkdirSync(FOUND_DIR, { recursive: true });
  const name = `generated-${engine}-${d.seed}.json`;
  const before = (d.original.steps as unknown[]).length;
  const after = (d.minimal.steps as unknown[]).length;
  const title = `generated sequence ${d.seed} (${engine}), shrunk from ${before} to ${after} steps: ${d.signature}`;
  writeFileSync(join(FOUND_DIR, name), `${JSON.stringify({ ...d.minimal, ...(kafka ? { kafka } : {}), title }, null, 2)}\n`);
  return `oracle/found/${name}`;
}

/** How one generated-sequence suite runs its engine (the rest of runSequences' options come from the size). */
export interface GeneratedRunOptions {
  engine: SequenceEngine;
  size: GeneratedSize;
  concurrency: number;
  failoverEvery: number;
  shrinkRuns: number;
  /**
   * The default run's open divergences (seed → kind) and the file that lists them: in the default run each listed
   * seed's divergence of its kind is tolerated, neither shrunk nor failed, and a listed seed that no longer diverges so
   * fails (progress to record). Another size or offset does not read the list.
   */
  open: { list: ReadonlyMap<number, string>; file: string };
  checkAcceptedStillOccur: boolean;
  checkNothingUnreached: boolean;
  /** The Kafka release the sequences run as, when not the scenario's own: written into each minimal scenario. */
  kafka?: string;
  /** Take every divergence as open (the caller rewrites the open list from the report): nothing is shrunk or failed for it. */
  rewritingOpenList?: boolean;
}

/**
 * Runs a suite's generated sequences on its engine, timed, with oracle/accepted.md's rule for what counts as a
 * divergence; returns the report, its text and its failures (the caller prints the text and expects no failures).
 */
export async function runGenerated(opts: GeneratedRunOptions): Promise<{ report: SequenceReport; text: string; failures: string[] }> {
  const { engine, size } = opts;
  const acceptance = generatedAcceptance();
  const started = performance.now();
  const timed = timedRuns(size.count, (doc) => engine.run(doc));
  const report = await runSequences(
    { name: engine.name, mode: engine.mode, run: timed.run },
    {
      ...size,
      concurrency: opts.concurrency,
      failoverEvery: opts.failoverEvery,
      unexplained: acceptance.unexplained,
      shrinkRuns: opts.shrinkRuns,
      known: opts.rewritingOpenList ? () => true : size.isDefault ? (seed, signature) => opts.open.list.get(seed) === signature : undefined,
    },
  );
  const { text, failures } = reportGenerated(report, {
    engine: engine.name,
    mode: engine.mode,
    size,
    elapsedMs: performance.now() - started,
    sequencesMs: timed.sequencesMs() ?? performance.now() - started,
    runs: timed.runs(),
    met: acceptance.met,
    checkAcceptedStillOccur: opts.checkAcceptedStillOccur,
    checkNothingUnreached: opts.checkNothingUnreached,
    kafka: opts.kafka,
  });
  const open = new Set(report.known.map((k) => k.seed));
  const openKinds = new Set(report.known.map((k) => k.signature));
  // the default run meets every listed open seed again, with its kind; one that agrees now is progress to record
  if (size.isDefault && !opts.rewritingOpenList)
    // (a list written from a longer run names seeds this run does not reach: only the seeds it ran are checked)
    for (const [seed, kind] of opts.open.list)
      if (seed <= size.seedOffset + size.count && !open.has(seed)) failures.push(`${engine.name} open seed ${seed} (\`${kind}\`) no longer diverges so: remove it from ${opts.open.file}`);
  return { report, text: `${text}known open (${opts.open.file}): ${report.known.length} sequences in ${openKinds.size} kinds\n`, failures };
}

/** The report's text (printed by the caller) and its failures (the test expects none). */
function reportGenerated(report: SequenceReport, opts: GeneratedReportOptions): { text: string; failures: string[] } {
  const { size } = opts;
  const shrunk = report.divergences.filter((d) => d.shrunk);
  const perKind = new Map<string, number[]>();
  for (const d of report.divergences) perKind.set(d.signature, [...(perKind.get(d.signature) ?? []), d.seed]);
  /** "N sequences (seeds a, b, …)": the seeds of a kind, the first ten. */
  const sequencesOf = (kind: string): string => {
    const seeds = perKind.get(kind) ?? [];
    return `${seeds.length} sequences (seed${seeds.length === 1 ? '' : 's'} ${seeds.slice(0, 10).join(', ')}${seeds.length > 10 ? ', …' : ''})`;
  };
  const perSequence = size.count === 0 ? 0 : opts.sequencesMs / size.count;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = [
    `oracle (${opts.engine}): ${size.count} generated sequences of ${size.steps} steps (seeds ${size.seedOffset + 1}–${size.seedOffset + size.count}), ` +
      `${report.requests} requests in ${seconds(opts.sequencesMs)} (${perSequence.toFixed(1)} ms per sequence), ` +
      `then ${opts.runs - size.count} shrinking runs in ${seconds(opts.elapsedMs - opts.sequencesMs)}; ` +
      `${report.divergences.length} diverged in ${shrunk.length} kinds, ${report.errors.length} engine errors, ${report.refused.length} refused` +
      (report.droppedSteps > 0 ? `, ${report.droppedSteps} steps dropped for the live broker` : ''),
    '',
    formatCoverage(report.coverage, coverageUniverse(opts.mode)),
  ];
  const failures: string[] = [];
  for (const d of shrunk) {
    const file = writeMinimal(opts.engine, d, opts.kafka);
    const steps = (d.minimal.steps as unknown[]).length;
    const head = `${d.signature}: ${sequencesOf(d.signature)}, shrunk from seed ${d.seed} to ${steps} steps (${file})`;
    lines.push(`divergence ${head}`);
    failures.push(
      `${head}${d.reproduced ? '' : ' — the minimal scenario did not show it again (a divergence that does not reproduce is a bug to find); the first run differed:'}\n  ${d.diffs.slice(0, 8).join('\n  ')}`,
    );
  }
  for (const e of report.errors) failures.push(`seed ${e.seed}: the ${opts.engine} engine failed: ${e.message}`);
  for (const r of report.refused) failures.push(`seed ${r.seed} was refused: ${r.reasons.join('; ')}`);
  if (opts.checkAcceptedStillOccur)
    for (const kind of GENERATED_DIFFS.filter((k) => !opts.met.has(k))) failures.push(`accepted generated diff \`${kind}\` no longer occurs in the default run: remove it from oracle/accepted.md`);
  if (opts.checkNothingUnreached) {
    const missing = unreached(report.coverage, coverageUniverse(opts.mode));
    if (missing.length > 0) failures.push(`no sequence reached: ${missing.join(', ')}`);
  }
  return { text: `${lines.join('\n')}\n`, failures };
}
