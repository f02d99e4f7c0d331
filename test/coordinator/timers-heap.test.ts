// Issue 13 (scale): Timers answers nextDue and nextDeadline from a heap instead of a scan of every timer. Random
// schedules, re-schedules, cancels and clones give the same answers as a scan over the live timers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Timers, type ScheduledTimer } from '../../src/core/coordinator/timers.ts';

const naiveFirst = (all: ScheduledTimer[]) =>
  all.reduce<ScheduledTimer | null>((best, t) => (!best || t.deadline < best.deadline || (t.deadline === best.deadline && t.seq < best.seq) ? t : best), null);

const op = fc.oneof(
  fc.record({ kind: fc.constant('schedule' as const), member: fc.integer({ min: 0, max: 20 }), at: fc.integer({ min: 0, max: 50 }) }),
  fc.record({ kind: fc.constant('cancel' as const), member: fc.integer({ min: 0, max: 20 }) }),
  fc.record({ kind: fc.constant('fire' as const), until: fc.integer({ min: 0, max: 60 }) }),
  fc.record({ kind: fc.constant('clone' as const) }),
);

describe('the timer heap', () => {
  it('fires in deadline, then scheduling, order like a scan (property)', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
        let t = new Timers();
        const key = (m: number) => `session-timeout-app-m${m}`;
        for (const o of ops) {
          if (o.kind === 'schedule') t.schedule({ kind: 'session-timeout', groupId: 'app', memberId: `m${o.member}` }, o.at);
          else if (o.kind === 'cancel') t.cancel(key(o.member));
          else if (o.kind === 'clone') t = t.clone();
          else {
            for (;;) {
              const want = naiveFirst([...t.all()]);
              const got = t.nextDue(o.until);
              expect(got).toBe(want && want.deadline <= o.until ? want : null);
              if (!got) break;
              t.cancel(got.key);
            }
          }
          expect(t.nextDeadline()).toBe(naiveFirst([...t.all()])?.deadline ?? null);
        }
      }),
      { numRuns: 300, seed: 13 },
    );
  });

  it('keeps its size bounded when one timer is re-scheduled many times', () => {
    const t = new Timers();
    for (let i = 0; i < 10_000; i++) {
      t.schedule({ kind: 'session-timeout', groupId: 'app', memberId: 'm' }, i);
      expect(t.nextDeadline()).toBe(i);
    }
    expect((t as unknown as { heap: unknown[] }).heap.length).toBeLessThan(100);
  });
});
