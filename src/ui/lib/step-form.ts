// The step and client forms next to the JSON: a step or a client as form fields, and back. The JSON stays the
// source of truth: a form is read from the scenario text and, when applied, written back into it.
import { hasOwnKey, setOwn } from '../../core/util/own.ts';
import { RPC_NAMES, rpcFamily } from '../../core/scenario/rpc-names.ts';
import type { RpcName } from '../../core/scenario/types.ts';
import { formatJson, type Json } from './scenario-text.ts';

/** The RPCs a `send` step may name (the scenario format's `send`), grouped by family for the form's list. */
export const SEND_APIS: readonly RpcName[] = [...RPC_NAMES].sort((a, b) => rpcFamily(a) - rpcFamily(b));
export const CLIENT_ACTIONS = ['join', 'heartbeat', 'leave', 'crash', 'restart'] as const;
/** The other step kinds, by their key. */
export const OTHER_KINDS = ['advance', 'run', 'failover', 'topics'] as const;

/** `send:<RPC>`, `client:<action>`, or one of OTHER_KINDS. */
export type StepAction = string;

export interface StepForm {
  action: StepAction;
  /** The client alias (`client` of a client step, `member` of a send step; empty: none). */
  member: string;
  /** A send step's request version (empty: the default). */
  version: string;
  /** JSON: a send step's `data`, the `run` or `failover` or `topics` value; for `advance` the milliseconds. */
  data: string;
  label: string;
  /** JSON object: the step's `expect` (empty: none). */
  expect: string;
  /** The step's other keys (e.g. `coordinator`, `clientId`), kept as they are. */
  rest: Record<string, Json>;
}

export type FormField = 'action' | 'member' | 'version' | 'data' | 'expect' | 'alias' | 'more';
export type Built<T> = { ok: true; value: T } | { ok: false; field: FormField; message: string };

const family = (a: StepAction): string => a.split(':')[0]!;

/** What the data field holds for an action, as its label says. */
export function dataLabel(action: StepAction): string | null {
  switch (family(action)) {
    case 'send':
      return 'data (the request, a JSON object)';
    case 'advance':
      return 'advance the clock by (ms)';
    case 'run':
      return 'run (JSON: { "ms": … } or { "until": "stable", "maxMs": … })';
    case 'failover':
      return 'failover (true, or { "loadMs": … })';
    case 'topics':
      return 'topics (JSON: create, delete, partitions)';
    default:
      return null;
  }
}

/** The data a new step of this action starts with. */
export function defaultData(action: StepAction): string {
  switch (family(action)) {
    case 'send':
      return '{}';
    case 'advance':
      return '5000';
    case 'run':
      return '{ "until": "stable", "maxMs": 120000 }';
    case 'failover':
      return 'true';
    case 'topics':
      return '{ "create": [{ "name": "new-topic", "partitions": 4 }] }';
    default:
      return '';
  }
}

const isObject = (v: unknown): v is Record<string, Json> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A form for a new step: a simulated client's heartbeat. */
export function newStepForm(member: string): StepForm {
  return { action: 'client:heartbeat', member, version: '', data: '', label: '', expect: '', rest: {} };
}

/** The form of a step as the scenario text has it, or null when it is not a step this form knows. */
export function stepToForm(step: Json | undefined): StepForm | null {
  if (!isObject(step)) return null;
  const { label, expect, ...body } = step;
  const base = { label: typeof label === 'string' ? label : '', expect: expect === undefined ? '' : formatJson(expect, 60), version: '', member: '', data: '' };
  if (typeof body.send === 'string') {
    const { send, member, version, data, ...rest } = body;
    return { ...base, action: `send:${send}`, member: typeof member === 'string' ? member : '', version: version === undefined ? '' : String(version), data: formatJson(data ?? {}, 60), rest };
  }
  if (typeof body.client === 'string' && typeof body.do === 'string') {
    const { client, do: what, ...rest } = body;
    return { ...base, action: `client:${what}`, member: client, rest };
  }
  for (const k of OTHER_KINDS) {
    if (hasOwnKey(body, k)) {
      const { [k]: value, ...rest } = body;
      return { ...base, action: k, data: k === 'advance' ? String(value) : formatJson(value ?? null, 60), rest };
    }
  }
  return null;
}

function parseJson(text: string, field: FormField, what: string): Built<Json> {
  try {
    return { ok: true, value: JSON.parse(text) as Json };
  } catch (e) {
    return { ok: false, field, message: `${what} is not JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** The step a form describes (label first, then the action, then the kept keys and the expectations), or what is wrong. */
export function formToStep(f: StepForm): Built<Record<string, Json>> {
  const step: Record<string, Json> = {};
  if (f.label.trim()) step.label = f.label.trim();
  const [kind, name] = [family(f.action), f.action.slice(f.action.indexOf(':') + 1)];
  if (kind === 'send') {
    if (!(SEND_APIS as readonly string[]).includes(name)) return { ok: false, field: 'action', message: `"${name}" is not a request a step can send` };
    step.send = name;
    if (f.member.trim()) step.member = f.member.trim();
    if (f.version.trim()) {
      const v = Number(f.version);
      if (!Number.isInteger(v) || v < 0) return { ok: false, field: 'version', message: 'The version is a whole number of at least 0 (or empty for the default)' };
      step.version = v;
    }
    const data = parseJson(f.data.trim() || '{}', 'data', 'The data');
    if (!data.ok) return data;
    if (!isObject(data.value)) return { ok: false, field: 'data', message: 'The data is a JSON object: the request’s fields' };
    step.data = data.value;
  } else if (kind === 'client') {
    if (!(CLIENT_ACTIONS as readonly string[]).includes(name)) return { ok: false, field: 'action', message: `"${name}" is not a client action` };
    if (!f.member.trim()) return { ok: false, field: 'member', message: 'Pick the client that acts' };
    step.client = f.member.trim();
    step.do = name;
  } else if (kind === 'advance') {
    const ms = Number(f.data.trim());
    if (f.data.trim() === '' || !Number.isInteger(ms) || ms < 0) return { ok: false, field: 'data', message: 'Advance the clock by a whole number of milliseconds, at least 0' };
    step.advance = ms;
  } else if ((OTHER_KINDS as readonly string[]).includes(kind)) {
    const v = parseJson(f.data.trim(), 'data', `The ${kind} value`);
    if (!v.ok) return v;
    step[kind] = v.value;
  } else return { ok: false, field: 'action', message: 'Pick an action' };
  for (const [k, v] of Object.entries(f.rest)) if (!hasOwnKey(step, k)) setOwn(step, k, v);
  if (f.expect.trim()) {
    const e = parseJson(f.expect.trim(), 'expect', 'The expectations');
    if (!e.ok) return e;
    if (!isObject(e.value)) return { ok: false, field: 'expect', message: 'The expectations are a JSON object, e.g. { "error": "NONE" }' };
    step.expect = e.value;
  }
  return { ok: true, value: step };
}

export interface ClientForm {
  alias: string;
  profile: 'java' | 'partial';
  processId: string;
  instanceId: string;
  rackId: string;
  /** JSON object: the spec's other fields (topology, clientTags, commitIntervalMs, …); empty: none. */
  more: string;
}

export function clientToForm(alias: string, spec: Json | undefined): ClientForm {
  const s = isObject(spec) ? spec : {};
  const { profile, processId, instanceId, rackId, ...more } = s;
  return {
    alias,
    profile: profile === 'partial' ? 'partial' : 'java',
    processId: typeof processId === 'string' ? processId : '',
    instanceId: typeof instanceId === 'string' ? instanceId : '',
    rackId: typeof rackId === 'string' ? rackId : '',
    more: Object.keys(more).length ? formatJson(more, 60) : '',
  };
}

/** The client a form describes, or what is wrong; `taken` are the aliases other clients already use. */
export function formToClient(f: ClientForm, taken: readonly string[]): Built<{ alias: string; spec: Record<string, Json> }> {
  const alias = f.alias.trim();
  if (!alias) return { ok: false, field: 'alias', message: 'Name the client (its alias, e.g. "c")' };
  if (taken.includes(alias)) return { ok: false, field: 'alias', message: `There is already a client "${alias}"` };
  const spec: Record<string, Json> = { profile: f.profile };
  if (f.processId.trim()) spec.processId = f.processId.trim();
  if (f.instanceId.trim()) spec.instanceId = f.instanceId.trim();
  if (f.rackId.trim()) spec.rackId = f.rackId.trim();
  if (f.more.trim()) {
    const m = parseJson(f.more.trim(), 'more', 'The other fields');
    if (!m.ok) return m;
    if (!isObject(m.value)) return { ok: false, field: 'more', message: 'The other fields are a JSON object, e.g. { "commitIntervalMs": 5000 }' };
    for (const [k, v] of Object.entries(m.value)) if (!hasOwnKey(spec, k)) setOwn(spec, k, v);
  }
  return { ok: true, value: { alias, spec } };
}
