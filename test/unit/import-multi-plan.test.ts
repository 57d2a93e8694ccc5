import { describe, expect, it } from 'vitest';
import type { PageOption, Target } from '../../lib/api/schemas';
import {
  type PlanKnowledge,
  countsOf,
  jobSlotsOf,
  planCost,
  planStorage,
  planTargets,
} from '../../lib/jobs/multi-plan';
import { clearingWrite, readCost } from '../../lib/jobs/write-plan';
import { JOB_MAX_BYTES } from '../../lib/storage/quota';

const b1: Target = { kind: 'building', id: 'b-1' };
const b2: Target = { kind: 'building', id: 'b-2' };
const held = (title: string, data: string): PageOption => ({ title, data, lastUpdated: null });

function knowing(values: Record<string, PageOption>, extra: Partial<PlanKnowledge> = {}): PlanKnowledge {
  return {
    premium: true,
    placeholder: '',
    owned: () => true,
    current: (target, slot) => values[`${target.id}/${slot}`] ?? null,
    ...extra,
  };
}

describe('planTargets', () => {
  it('marks each slot changed, unchanged or unknown from what is known, per target', () => {
    const plans = planTargets(
      [
        {
          target: b1,
          slots: [
            { slot: 1, title: 'a', data: '1' },
            { slot: 2, title: 'b', data: '2' },
            { slot: 3, title: 'c', data: '3' },
          ],
        },
        { target: b2, slots: [{ slot: 1, title: 'a', data: '1' }] },
      ],
      knowing(
        { 'b-1/1': held('a', '1'), 'b-1/2': held('old', '2'), 'b-2/1': held('x', 'y') },
        { readNow: () => true },
      ),
    );
    expect(plans.map((p) => p.slots.map((s) => s.status))).toEqual([
      ['unchanged', 'changed', 'unknown'],
      ['changed'],
    ]);
    expect(countsOf(plans[0]?.slots ?? [])).toEqual({
      changed: 1,
      unchanged: 1,
      heldWhenSeen: 0,
      unknown: 1,
      needsPremium: 0,
      overLimit: 0,
      notYours: 0,
    });
  });

  it('never says a slot holds its value on a cached answer alone: it is read and compared at write time', () => {
    const slots = [
      { slot: 1, title: 'a', data: '1' },
      { slot: 2, title: 'b', data: '2' },
    ];
    const values = { 'b-1/1': held('a', '1'), 'b-1/2': held('old', '2') };
    const cached = planTargets([{ target: b1, slots }], knowing(values));
    expect(cached[0]?.slots.map((s) => s.status)).toEqual(['heldWhenSeen', 'changed']);
    // The job expects the value the cached answer held: another writer's change since is a conflict,
    // shown with both values, never overwritten unasked.
    expect(jobSlotsOf(cached)).toEqual([
      { target: b1, slot: 1, title: 'a', data: '1', expected: { title: 'a', data: '1' } },
      { target: b1, slot: 2, title: 'b', data: '2', expected: { title: 'old', data: '2' } },
    ]);
    // Both are read; only the one shown differing may be written.
    expect(planCost(cached, null)).toMatchObject({ reads: 2, writes: 1, skipped: 0 });
    expect(readCost(cached[0]?.slots ?? [], null).reads).toBe(1);
    // Read now at the user's request: then it holds the value, skipped without a request.
    const readNow = planTargets([{ target: b1, slots }], knowing(values, { readNow: () => true }));
    expect(readNow[0]?.slots.map((s) => s.status)).toEqual(['unchanged', 'changed']);
    expect(planCost(readNow, null)).toMatchObject({ reads: 1, writes: 1, skipped: 1 });
  });

  it('reports slots 11–20 as needing premium, and a target not the account’s as not yours', () => {
    const plans = planTargets(
      [
        {
          target: b1,
          slots: [
            { slot: 10, title: 'a', data: '' },
            { slot: 11, title: 'b', data: '' },
          ],
        },
        { target: b2, slots: [{ slot: 1, title: 'a', data: '' }] },
      ],
      knowing({}, { premium: false, owned: (t) => t.id !== 'b-2' }),
    );
    expect(plans.map((p) => p.slots.map((s) => s.status))).toEqual([
      ['unknown', 'needsPremium'],
      ['notYours'],
    ]);
    expect(jobSlotsOf(plans)).toEqual([{ target: b1, slot: 10, title: 'a', data: '' }]);
  });

  it('writes an empty slot as "" (or as the account’s placeholder) and counts a slot holding only it as unchanged', () => {
    expect(clearingWrite({ title: '', data: '' }, '')).toEqual({ title: '', data: '' });
    expect(clearingWrite({ title: '', data: '' }, '.')).toEqual({ title: '.', data: '.' });
    expect(clearingWrite({ title: 'x', data: '' }, '.')).toEqual({ title: 'x', data: '' });
    const empty = { slot: 1, title: '', data: '' };
    const withPlaceholder = planTargets(
      [{ target: b1, slots: [empty, { ...empty, slot: 2 }, { ...empty, slot: 3 }] }],
      knowing(
        { 'b-1/1': held('.', '.'), 'b-1/2': held('', ''), 'b-1/3': held('Hausordnung', 'Ruhe') },
        { placeholder: '.', readNow: () => true },
      ),
    );
    expect(withPlaceholder[0]?.slots.map((s) => [s.status, s.title, s.data])).toEqual([
      ['unchanged', '.', '.'],
      ['unchanged', '.', '.'],
      ['changed', '.', '.'],
    ]);
    const without = planTargets([{ target: b1, slots: [empty] }], knowing({ 'b-1/1': held('.', '.') }));
    // Without an accepted placeholder "." is text like any other: the slot is cleared with "".
    expect(without[0]?.slots.map((s) => [s.status, s.title, s.data])).toEqual([['changed', '', '']]);
  });
});

describe('planCost and planStorage', () => {
  const plans = planTargets(
    [{ target: b1, slots: Array.from({ length: 20 }, (_, i) => ({ slot: i + 1, title: 't', data: 'd' })) }],
    knowing({ 'b-1/1': held('t', 'd'), 'b-1/2': held('x', 'd') }, { readNow: () => true }),
  );

  it('counts a read and a write per slot to write (none for the one shown unchanged), minutes at the budget, what is skipped', () => {
    expect(planCost(plans, { limit: 10, windowMs: 60_000, source: 'learned' as const })).toMatchObject({
      reads: 19,
      writes: 19,
      skipped: 1,
      perMinute: 10,
      minutes: 3.8,
    });
    expect(planCost(plans, { limit: 10, windowMs: 3_000, source: 'learned' as const })).toMatchObject({
      perMinute: 200,
      minutes: 0.19,
    });
    expect(planCost(plans, null)).toMatchObject({ perMinute: 10 });
  });

  it('measures the job with the values it replaces, against the job budget', () => {
    const small = planStorage(plans);
    expect(small.max).toBe(JOB_MAX_BYTES);
    expect(small.bytes).toBeGreaterThan(19 * 50);
    const big = planTargets(
      Array.from({ length: 50 }, (_, t) => ({
        target: { kind: 'building' as const, id: `b-${t}` },
        slots: Array.from({ length: 20 }, (_, i) => ({ slot: i + 1, title: 't', data: 'x'.repeat(2400) })),
      })),
      knowing({}),
    );
    // 1000 slots of 2400 characters: the job and its backups are far over what it may take.
    expect(planStorage(big).bytes).toBeGreaterThan(JOB_MAX_BYTES);
  });
});
