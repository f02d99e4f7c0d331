// The step and client forms: a step or client read from the scenario text, and written back in place.
import { describe, expect, it } from 'vitest';
import { RPC_NAMES } from '../../src/core/scenario/validate.ts';
import { insertStep, replaceStep, setEntry, type Json } from '../../src/ui/lib/scenario-text.ts';
import { SEND_APIS, clientToForm, formToClient, formToStep, newStepForm, stepToForm } from '../../src/ui/lib/step-form.ts';

const TEXT = `{
  "format": 1,
  "clients": {
    "a": { "profile": "java", "processId": "p1" }
  },
  "steps": [
    { "client": "a", "do": "join" },
    {
      "label": "settle",
      "run": { "until": "stable" }
    }
  ]
}
`;

describe('step and client forms', () => {
  it('offers every RPC a send step may name', () => {
    expect([...SEND_APIS].sort()).toEqual([...RPC_NAMES].sort());
  });

  it('reads a step into the form and writes the same step back, keeping keys it has no field for', () => {
    const send = { label: 'raw', send: 'StreamsGroupHeartbeat', member: 'a', version: 1, data: { memberEpoch: 0 }, coordinator: 'old', expect: { error: 'NONE' } };
    const f = stepToForm(send)!;
    expect(f).toMatchObject({ action: 'send:StreamsGroupHeartbeat', member: 'a', version: '1', label: 'raw' });
    expect(formToStep(f)).toEqual({ ok: true, value: send });
    const steps: Json[] = [{ client: 'a', do: 'crash' }, { advance: 5000 }, { run: { ms: 100 } }, { failover: { loadMs: 10 } }, { topics: { delete: ['t'] } }];
    for (const step of steps) {
      expect(formToStep(stepToForm(step)!)).toEqual({ ok: true, value: step });
    }
    expect(stepToForm({ nothing: 1 })).toBeNull();
  });

  it('names the field that is wrong', () => {
    const f = newStepForm('');
    expect(formToStep(f)).toMatchObject({ ok: false, field: 'member' });
    expect(formToStep({ ...f, action: 'advance', data: '-1' })).toMatchObject({ ok: false, field: 'data' });
    expect(formToStep({ ...f, action: 'send:ListGroups', data: '[1]' })).toMatchObject({ ok: false, field: 'data', message: expect.stringMatching(/JSON object/) });
    expect(formToStep({ ...f, action: 'send:ListGroups', version: '1.5' })).toMatchObject({ ok: false, field: 'version' });
    expect(formToStep({ ...f, action: 'failover', data: 'true', expect: '{ bad' })).toMatchObject({ ok: false, field: 'expect', message: expect.stringMatching(/not JSON/) });
    expect(formToClient(clientToForm('a', {}), ['a'])).toMatchObject({ ok: false, field: 'alias' });
    expect(formToClient({ ...clientToForm('c', {}), more: '3' }, [])).toMatchObject({ ok: false, field: 'more' });
  });

  it('reads a client into the form and back', () => {
    const spec = { profile: 'partial', processId: 'p', instanceId: 'i', rackId: 'r', commitIntervalMs: 5000 };
    expect(formToClient(clientToForm('x', spec), [])).toEqual({ ok: true, value: { alias: 'x', spec } });
  });

  it('replaces or inserts one step and sets one client, leaving the rest of the text as it was', () => {
    const replaced = replaceStep(TEXT, 1, { label: 'calm', run: { ms: 10 } });
    expect(replaced).toBe(TEXT.replace(/\{\n {6}"label": "settle",\n {6}"run": \{ "until": "stable" \}\n {4}\}/, '{ "label": "calm", "run": { "ms": 10 } }'));
    const inserted = insertStep(TEXT, 1, { advance: 1000 });
    expect(JSON.parse(inserted).steps).toEqual([{ client: 'a', do: 'join' }, { advance: 1000 }, { label: 'settle', run: { until: 'stable' } }]);
    expect(inserted).toContain('    { "client": "a", "do": "join" },\n    { "advance": 1000 },\n    {\n      "label": "settle"');
    expect(JSON.parse(insertStep(TEXT, 9, { advance: 1 })).steps).toHaveLength(3);
    const added = setEntry(TEXT, 'clients', 'b', { profile: 'java' });
    expect(added).toContain('    "a": { "profile": "java", "processId": "p1" },\n    "b": { "profile": "java" }\n  },');
    const changed = setEntry(added, 'clients', 'a', { profile: 'partial' });
    expect(JSON.parse(changed).clients).toEqual({ a: { profile: 'partial' }, b: { profile: 'java' } });
    expect(changed.replace('"a": { "profile": "partial" }', '')).toBe(added.replace('"a": { "profile": "java", "processId": "p1" }', ''));
    expect(JSON.parse(setEntry('{ "clients": {}, "steps": [] }', 'clients', 'a', { profile: 'java' })).clients).toEqual({ a: { profile: 'java' } });
    expect(JSON.parse(setEntry('{ "steps": [] }', 'clients', 'a', { profile: 'java' })).clients).toEqual({ a: { profile: 'java' } });
    expect(() => setEntry('{ nope', 'clients', 'a', {})).toThrow(/not valid JSON/);
  });
});
