// Reads oracle/accepted.md: the divergences from Kafka 4.4 kept on purpose (or known and not yet fixed), each with
// its reason. Lines "- diff `PATTERN`: reason" accept differing fields whose path matches PATTERN ([*] = any
// index); lines "- refused `FILE`: reason" accept that a scenario is refused.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FieldDiff } from '../../src/core/oracle/compare.ts';

const text = readFileSync(join(import.meta.dirname, '../../oracle/accepted.md'), 'utf8');

const entries = (kind: string): string[] => [...text.matchAll(new RegExp(`^- ${kind} \`([^\`]+)\`:`, 'gm'))].map((m) => m[1]!);

export const ACCEPTED_DIFFS: RegExp[] = entries('diff').map((p) => new RegExp(`^${p.replace(/[.$^()]/g, '\\$&').replace(/\[\*\]/g, '\\[\\d+\\]')}$`));
export const ACCEPTED_REFUSALS: string[] = entries('refused');

export const isAcceptedDiff = (d: FieldDiff): boolean => ACCEPTED_DIFFS.some((re) => re.test(d.path));
