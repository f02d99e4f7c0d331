// `sgp oracle`'s text output: the run's settings and normalisations, the two traces side by side (one row per
// step), and the first divergence with every differing field.
import type { OracleResult, SideSummary } from './compare.ts';
import { onOneLine } from '../scenario/format.ts';

const cell = (s: SideSummary | null, kind: string): string => {
  if (!s) return '';
  const parts: string[] = [];
  if (s.error !== null) parts.push(s.error);
  if (s.memberEpoch !== null) parts.push(`epoch ${s.memberEpoch}`);
  if (s.recordTypes.length > 0) parts.push(`${s.recordTypes.length} record${s.recordTypes.length === 1 ? '' : 's'}`);
  return parts.length ? parts.join(' · ') : kind === 'request' ? '(no request)' : `(${kind})`;
};

const pad = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s.padEnd(n));
const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export function formatOracleResult(r: OracleResult): string {
  const lines: string[] = [];
  lines.push(`sgp oracle: ${r.scenario}: Kafka ${r.kafka.version} at ${r.kafka.bootstrap} vs the playground`);
  if (r.refused) {
    lines.push(`REFUSED: this scenario cannot be reproduced faithfully ${r.engine === 'shard' ? "on Kafka's coordinator" : 'on a real broker'}:`);
    for (const why of r.refused) lines.push(`  - ${why}`);
    return lines.join('\n') + '\n';
  }
  if (r.engine === 'shard') {
    lines.push("engine: Kafka's GroupCoordinatorShard in process, on the scenario's clock (every step at its exact time)");
    const configs = Object.entries(r.kafka.configs).map(([k, v]) => `${k}=${v}`);
    lines.push(`scenario configs: ${configs.length > 0 ? configs.join(', ') : "(Kafka's defaults)"}`);
  } else {
    lines.push(`time scale ${r.timeScale} (every timer at least ${Number.isFinite(r.marginMs) ? Math.round(r.marginMs) : '∞'} ms of real time from any step)`);
    lines.push(
      `group configs: ${Object.entries(r.groupConfigs)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}`,
    );
  }
  lines.push('normalised (both sides):');
  for (const n of r.normalisations) lines.push(`  - ${n}`);
  lines.push('');
  lines.push(`${'#'.padStart(3)}  ${pad('step', 34)}  ${pad('playground', 34)}  ${pad(`Kafka ${r.kafka.version}`, 34)}`);
  for (const s of r.steps) {
    const mark = s.diffs.length === 0 ? ' ' : s.index === r.firstDivergence ? '✗ first divergence' : '✗';
    lines.push(`${String(s.index + 1).padStart(3)}  ${pad(onOneLine(s.label), 34)}  ${pad(cell(s.playground.summary, s.kind), 34)}  ${pad(cell(s.kafka.summary, s.kind), 34)}  ${mark}`);
  }
  lines.push('');
  if (r.firstDivergence === null) {
    lines.push(`agree: ${r.steps.length} steps, every response and record equal (${(r.elapsedMs / 1000).toFixed(1)} s; median round trip ${r.medianRoundTripMs?.toFixed(2) ?? '-'} ms)`);
  } else {
    const s = r.steps.find((x) => x.index === r.firstDivergence)!;
    lines.push(`first divergence at step ${s.index + 1} (${onOneLine(s.label)}): ${s.diffs.length} field${s.diffs.length === 1 ? '' : 's'} differ`);
    for (const d of s.diffs.slice(0, 40)) lines.push(`  ${d.path}: playground ${show(d.playground)}, Kafka ${show(d.kafka)}`);
    if (s.diffs.length > 40) lines.push(`  … and ${s.diffs.length - 40} more (--json has them all)`);
    const later = r.steps.filter((x) => x.diffs.length > 0).length - 1;
    if (later > 0) lines.push(`${later} later step${later === 1 ? '' : 's'} differ too`);
  }
  return lines.join('\n') + '\n';
}
