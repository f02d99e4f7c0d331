import { describe, expect, it } from 'vitest';
import { slot } from '../../src/core/util/slot.ts';

describe('slot', () => {
  it('keeps one value per object and per slot', () => {
    const a = slot<number>();
    const b = slot<string>();
    const o = { x: 1 };
    const m = new Map([['k', 1]]);
    expect(a.get(o)).toBeUndefined();
    expect(a.set(o, 5)).toBe(5);
    expect(a.get(o)).toBe(5);
    expect(b.get(o)).toBeUndefined();
    b.set(o, 'five');
    a.set(o, 6);
    expect([a.get(o), b.get(o)]).toEqual([6, 'five']);
    a.set(m, 1);
    expect(a.get(m)).toBe(1);
    expect(m.get('k')).toBe(1);
  });

  it('clears a value', () => {
    const a = slot<object>();
    const o = {};
    a.clear(o);
    expect(a.get(o)).toBeUndefined();
    a.set(o, { big: true });
    a.clear(o);
    expect(a.get(o)).toBeUndefined();
  });

  it('is invisible to copies, keys and JSON', () => {
    const a = slot<number>();
    const o = { x: 1 };
    a.set(o, 42);
    expect(a.get({ ...o })).toBeUndefined();
    expect(a.get(Object.assign({}, o))).toBeUndefined();
    expect(a.get(structuredClone(o))).toBeUndefined();
    expect(Object.keys(o)).toEqual(['x']);
    expect(Reflect.ownKeys(o)).toEqual(['x']);
    expect(JSON.stringify(o)).toBe('{"x":1}');
  });
});
