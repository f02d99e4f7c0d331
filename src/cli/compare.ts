// `sgp compare FILE --variant A --variant B` (or --protocol P --protocol Q, or --kafka 4.2 --kafka 4.4): one scenario,
// two coordinators, side by side, with the first step where they diverge. Exit 0 when they agree, 1 when they diverge
// (as diff).
import { compareScenario, formatComparison, type Side } from '../core/compare/compare.ts';
import type { RunProbe } from '../core/scenario/budget.ts';
import type { Edition } from '../core/protocol/errors.ts';
import { editionNames } from '../core/editions/index.ts';
import { VARIANTS, type Scenario, type Variant } from '../core/scenario/types.ts';
import { KAFKA_RELEASES, type KafkaRelease } from '../core/releases/index.ts';

export const COMPARE_USAGE = `  sgp compare FILE --variant A --variant B [--json]
  sgp compare FILE --kafka 4.2 --kafka 4.4 [--json]
                                 run FILE under two variants (or two protocol editions: --protocol ak4 --protocol
                                 kip1071-draft; or two Kafka releases: --kafka ${KAFKA_RELEASES.join('|')}) and show where they
                                 diverge (exit 1 when they do); one option alone is compared with the scenario's own`;

export interface CompareArgs {
  file: string;
  variants: Variant[];
  protocols: Edition[];
  releases: KafkaRelease[];
  json: boolean;
}

/** Parses the compare arguments; returns an error message for a bad command line. */
export function parseCompareArgs(argv: readonly string[]): CompareArgs | string {
  const out: CompareArgs = { file: '', variants: [], protocols: [], releases: [], json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (name: string) => (a === name ? argv[++i] : a.startsWith(`${name}=`) ? a.slice(name.length + 1) : undefined);
    if (a === '--json') out.json = true;
    else if (a === '--variant' || a.startsWith('--variant=')) {
      const v = value('--variant');
      if (!v || !(VARIANTS as readonly string[]).includes(v)) return `--variant needs one of ${VARIANTS.join(', ')}`;
      out.variants.push(v as Variant);
    } else if (a === '--protocol' || a.startsWith('--protocol=')) {
      const p = value('--protocol');
      if (!p || !editionNames().includes(p)) return `--protocol needs ${editionNames().join(' or ')}`;
      out.protocols.push(p as Edition);
    } else if (a === '--kafka' || a.startsWith('--kafka=')) {
      const r = value('--kafka');
      if (!r || !(KAFKA_RELEASES as readonly string[]).includes(r)) return `--kafka needs a Kafka release: ${KAFKA_RELEASES.join(', ')}`;
      out.releases.push(r as KafkaRelease);
    } else if (a.startsWith('-')) return `unknown option "${a}" for "sgp compare"`;
    else if (out.file) return '"sgp compare" takes one FILE';
    else out.file = a;
  }
  if (!out.file) return '"sgp compare" needs a scenario FILE';
  if (out.variants.length + out.protocols.length + out.releases.length === 0) return '"sgp compare" needs two --variant (or two --protocol, or two --kafka) options';
  if (out.variants.length > 2 || out.protocols.length > 2 || out.releases.length > 2) return '"sgp compare" compares two runs';
  return out;
}

/** The two sides: two variants, protocols or releases, or one of each paired with the scenario's own. */
export function sides(args: CompareArgs): [Side, Side] {
  const left: Side = {};
  const right: Side = {};
  const pair = <K extends keyof Side>(key: K, values: readonly NonNullable<Side[K]>[]) => {
    if (values.length === 2) [left[key], right[key]] = [values[0]!, values[1]!];
    else if (values.length === 1) right[key] = values[0]!;
  };
  pair('variant', args.variants);
  pair('protocol', args.protocols);
  pair('kafka', args.releases);
  return [left, right];
}

/** Time since the command started and the process's heap in use, for the run budget's wall-time and heap limits. */
function processProbe(): RunProbe {
  const t0 = performance.now();
  return { elapsedMs: () => performance.now() - t0, heapBytes: () => process.memoryUsage().heapUsed };
}

/** Compares the two sides; `stopped` is the run budget's message when a limit stopped the runs (the text shows the steps run). */
export function compareCommand(scenario: Scenario, args: CompareArgs, probe: RunProbe = processProbe()): { text: string; diverged: boolean; stopped: string | null } {
  const [l, r] = sides(args);
  const c = compareScenario(scenario, l, r, { probe });
  const text = args.json
    ? JSON.stringify({ left: c.left.side, right: c.right.side, firstDivergence: c.firstDivergence, differences: c.differences, leftTrace: c.left.trace, rightTrace: c.right.trace }, null, 2) + '\n'
    : formatComparison(c);
  return { text, diverged: c.firstDivergence !== null, stopped: c.stopped?.message ?? null };
}
