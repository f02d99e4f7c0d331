// Reads an `sgp oracle --json` result back (the Compare panel opens one): checks its shape and says what is wrong
// with a file that is not one, without trusting anything in it beyond plain data.
import type { OracleResult, OracleStepRow } from './compare.ts';

export type OracleResultRead = { ok: true; result: OracleResult } | { ok: false; message: string };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const own = (o: Record<string, unknown>, k: string): unknown => (Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined);

function side(v: unknown, path: string): string | null {
  if (!isObj(v)) return `${path} must be an object`;
  const s = own(v, 'summary');
  if (!isObj(s) || !Array.isArray(own(s, 'recordTypes'))) return `${path}.summary must be an object with recordTypes`;
  if (!Array.isArray(own(v, 'records'))) return `${path}.records must be a list`;
  return null;
}

/** Parses and checks the JSON text of an oracle result. */
export function readOracleResult(text: string): OracleResultRead {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `not JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (!isObj(doc) || own(doc, 'format') !== 'sgp-oracle') return { ok: false, message: 'not an oracle result: it has no "format": "sgp-oracle" (write one with sgp oracle FILE --json)' };
  if (own(doc, 'version') !== 1) return { ok: false, message: `oracle result version ${JSON.stringify(own(doc, 'version'))} is not one this playground reads (1)` };
  if (typeof own(doc, 'scenario') !== 'string') return { ok: false, message: '$.scenario must be the scenario file name' };
  const refused = own(doc, 'refused');
  if (refused !== undefined && !(Array.isArray(refused) && refused.every((r) => typeof r === 'string'))) return { ok: false, message: '$.refused must be a list of reasons' };
  const steps = own(doc, 'steps');
  if (!Array.isArray(steps)) return { ok: false, message: '$.steps must be a list' };
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i] as unknown;
    const p = `$.steps[${i}]`;
    if (!isObj(s) || typeof own(s, 'index') !== 'number' || typeof own(s, 'label') !== 'string' || !Array.isArray(own(s, 'diffs')))
      return { ok: false, message: `${p} must have index, label and diffs` };
    const why = side(own(s, 'playground'), `${p}.playground`) ?? side(own(s, 'kafka'), `${p}.kafka`);
    if (why) return { ok: false, message: why };
    for (const [j, d] of (own(s, 'diffs') as unknown[]).entries()) {
      if (!isObj(d) || typeof own(d, 'path') !== 'string') return { ok: false, message: `${p}.diffs[${j}] must have a path` };
    }
  }
  const first = own(doc, 'firstDivergence');
  if (first !== null && typeof first !== 'number') return { ok: false, message: '$.firstDivergence must be a step index or null' };
  if (!Array.isArray(own(doc, 'normalisations'))) return { ok: false, message: '$.normalisations must be a list' };
  return { ok: true, result: doc as unknown as OracleResult };
}

/** One line per side for a step row: error, member epoch and record count. */
export function outcomeText(s: OracleStepRow['playground']): string {
  const x = s.summary;
  const parts: string[] = [];
  if (x.error !== null) parts.push(x.error);
  if (x.memberEpoch !== null) parts.push(`epoch ${x.memberEpoch}`);
  parts.push(`${x.recordTypes.length} rec`);
  return parts.join(' · ');
}
