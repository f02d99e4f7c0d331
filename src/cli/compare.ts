// `sgp compare FILE --variant A --variant B` (or --protocol P --protocol Q): one scenario, two coordinators,
// side by side, with the first step where they diverge. Exit 0 when they agree, 1 when they diverge (as diff).
import { compareScenario, formatComparison, type Side } from '../core/compare/compare.ts';
import type { RunProbe } from '../core/scenario/budget.ts';
import type { Edition } from '../core/protocol/errors.ts';
import { editionNames } from '../core/editions/index.ts';
import { VARIANTS, type Scenario, type Variant } from '../core/scenario/types.ts';

export const COMPARE_USAGE =
  '  sgp compare FILE --variant A --variant B [--json]   run FILE under two variants (or --protocol ak4 --protocol kip1071-draft) and show where they diverge (exit 1 when they do)';

export interface CompareArgs {
  file: string;
  variants: Variant[];
  protocols: Edition[];
  json: boolean;
}

/** Parses the compare arguments; returns an error message for a bad command line. */
export function parseCompareArgs(argv: readonly string[]): CompareArgs | string {
  const out: CompareArgs = { file: '', variants: [], protocols: [], json: false };
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
    } else if (a.startsWith('-')) return `unknown option "${a}" for "sgp compare"`;
    else if (out.file) return '"sgp compare" takes one FILE';
    else out.file = a;
  }
  if (!out.file) return '"sgp compare" needs a scenario FILE';
  if (out.variants.length + out.protocols.length === 0) return '"sgp compare" needs two --variant (or two --protocol) options';
  if (out.variants.length > 2 || out.protocols.length > 2) return '"sgp compare" compares two runs';
  return out;
}

/** The two sides: two variants, two protocols, or one of each paired with the scenario's own. */
export function sides(args: CompareArgs): [Side, Side] {
  const left: Side = {};
  const right: Side = {};
  if (args.variants.length === 2) [left.variant, right.variant] = [args.variants[0]!, args.variants[1]!];
  else if (args.variants.length === 1) right.variant = args.variants[0]!;
  if (args.protocols.length === 2) [left.protocol, right.protocol] = [args.protocols[0]!, args.protocols[1]!];
  else if (args.protocols.length === 1) right.protocol = args.protocols[0]!;
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
