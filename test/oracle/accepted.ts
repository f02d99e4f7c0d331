// Reads oracle/accepted.md: the divergences from Kafka kept on purpose (or known and not yet fixed), each with
// its reason, and the open generated divergences of each release (oracle/generated-open*.md). Lines "- diff `PATTERN`: reason" accept differing fields whose path matches PATTERN ([*] = any
// index); lines "- refused `FILE`: reason" accept that a scenario is refused; lines "- generated diff `SIGNATURE`: reason"
// accept a kind of divergence of the generated sequences (test/oracle/generatedSequences.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diffValues, type FieldDiff, type OracleStepRow } from '../../src/core/oracle/compare.ts';
import type { KafkaRelease } from '../../src/core/releases/index.ts';

const text = readFileSync(join(import.meta.dirname, '../../oracle/accepted.md'), 'utf8');

const entries = (kind: string): string[] => [...text.matchAll(new RegExp(`^- ${kind} \`([^\`]+)\`:`, 'gm'))].map((m) => m[1]!);

export const ACCEPTED_DIFFS: RegExp[] = entries('diff').map((p) => new RegExp(`^${p.replace(/[.$^()]/g, '\\$&').replace(/\[\*\]/g, '\\[\\d+\\]')}$`));
export const ACCEPTED_REFUSALS: string[] = entries('refused');

export const isAcceptedDiff = (d: FieldDiff): boolean => ACCEPTED_DIFFS.some((re) => re.test(d.path));

/** Lines "- shard refused `FILE`: reason": the shard engine refuses that scenario (a proposal: a variant or the draft edition). */
export const SHARD_REFUSALS: string[] = entries('shard refused');

/** Lines "- shard diff `FILE` step N: reason": on the shard engine, that step of that file may differ (every field listed in the reason). */
export const SHARD_STEP_DIFFS: { file: string; step: number }[] = [...text.matchAll(/^- shard diff `([^`]+)` step (\d+):/gm)].map((m) => ({ file: m[1]!, step: Number(m[2]) }));

/**
 * Lines "- generated diff `SIGNATURE`: reason": in the generated sequences (shard and live), a difference whose kind
 * (divergenceSignature: the step's action and the field path) is SIGNATURE is explained. Each must still occur in the
 * default shard run, which fails otherwise (test/oracle/generated.shard.oracle.test.ts).
 */
export const GENERATED_DIFFS: string[] = entries('generated diff');

/**
 * oracle/generated-open.md, lines "- generated open seed N `SIGNATURE`": in the default shard run, sequence N diverges with that kind (its first
 * difference), a simulator gap not yet settled. Tolerated only for that seed and that kind; the default run fails when
 * a listed seed agrees again or diverges otherwise (test/oracle/generated.shard.oracle.test.ts).
 */
const openSeeds = (file: string): ReadonlyMap<number, string> => {
  const openText = readFileSync(join(import.meta.dirname, '../../oracle', file), 'utf8');
  return new Map([...openText.matchAll(/^- generated open seed (\d+) `([^`]+)`/gm)].map((m) => [Number(m[1]), m[2]!]));
};
export const GENERATED_OPEN: ReadonlyMap<number, string> = openSeeds('generated-open.md');

/** The file of a release's open generated divergences: oracle/generated-open.md for 4.4, oracle/generated-open-4.N.md for an older line. */
export const generatedOpenFile = (release: KafkaRelease): string => (release === '4.4' ? 'generated-open.md' : `generated-open-${release}.md`);

/** A release's open generated divergences (the same line format as GENERATED_OPEN, in its own file). */
export const generatedOpen = (release: KafkaRelease): ReadonlyMap<number, string> => (release === '4.4' ? GENERATED_OPEN : openSeeds(generatedOpenFile(release)));

/**
 * Lines "- release refused 4.N `FILE`: reason": under that older release (test/oracle/releases.shard.oracle.test.ts),
 * that example cannot run: the validator refuses it as that release (a field or request version the release does not
 * have), or it is a proposal.
 */
export const RELEASE_REFUSALS: { release: string; file: string }[] = [...text.matchAll(/^- release refused (4\.\d) `([^`]+)`:/gm)].map((m) => ({ release: m[1]!, file: m[2]! }));

/** Lines "- release diff 4.N `FILE` step N: reason": under that older release, that step of that example may differ (open, with the reason). */
export const RELEASE_STEP_DIFFS: { release: string; file: string; step: number }[] = [...text.matchAll(/^- release diff (4\.\d) `([^`]+)` step (\d+):/gm)].map((m) => ({
  release: m[1]!,
  file: m[2]!,
  step: Number(m[3]),
}));

/** Lines "- order `RecordType`: reason": records of that type within one step may come in another order. */
export const ACCEPTED_ORDERS: string[] = entries('order');

type Rec = { type: string; key: Record<string, unknown>; value: unknown };
const keyText = (r: Rec) => JSON.stringify(r.key);

/**
 * The step's differences, unless they all vanish when the records of an accepted-order type are put in key order on
 * both sides (everything else in place): then none. Returns the differences that remain unexplained.
 */
export function unexplainedDiffs(step: OracleStepRow): FieldDiff[] {
  const plain = step.diffs.filter((d) => !isAcceptedDiff(d));
  if (plain.length === 0 || ACCEPTED_ORDERS.length === 0 || plain.some((d) => !d.path.startsWith('records'))) return plain;
  const sorted = (records: Rec[]): Rec[] => {
    const out = [...records];
    for (const type of ACCEPTED_ORDERS) {
      const at = out.flatMap((r, i) => (r.type === type ? [i] : []));
      const same = at.map((i) => out[i]!).sort((a, b) => (keyText(a) < keyText(b) ? -1 : keyText(a) > keyText(b) ? 1 : 0));
      at.forEach((i, k) => (out[i] = same[k]!));
    }
    return out;
  };
  const diffs: FieldDiff[] = [];
  diffValues(sorted(step.playground.records as Rec[]), sorted(step.kafka.records as Rec[]), 'records', diffs);
  return diffs.filter((d) => !isAcceptedDiff(d)).length === 0 ? [] : plain;
}
