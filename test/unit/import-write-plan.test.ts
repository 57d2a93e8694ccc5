/** The one write plan (lib/jobs/write-plan.ts): each slot's status, the job's slots, the cost line. */
import { describe, expect, it } from 'vitest';
import type { PageOption } from '../../lib/api/schemas';
import { freshSight, jobSlotOf, mayWrite, planCost, planSlot, readCost } from '../../lib/jobs/write-plan';

const NOW = Date.parse('2026-03-02T12:00:00Z');
const held = (title: string, data: string): PageOption => ({ title, data, lastUpdated: null });
const seen = (value: PageOption, ago = 120_000) => ({ value, seenAt: NOW - ago });
const mine = { premium: true, placeholder: '', owned: true };

describe('planSlot', () => {
  it('a slot shown holding something else is changed, with the value shown and its time', () => {
    expect(planSlot({ slot: 2, title: 'neu', data: 'n' }, seen(held('alt', 'a')), mine)).toEqual({
      slot: 2,
      title: 'neu',
      data: 'n',
      current: held('alt', 'a'),
      seenAt: NOW - 120_000,
      status: 'changed',
    });
  });

  it('a slot shown holding the new value is unchanged; an empty write counts the placeholder as empty', () => {
    expect(planSlot({ slot: 1, title: 't', data: 'd' }, seen(held('t', 'd')), mine).status).toBe('unchanged');
    const withDot = { ...mine, placeholder: '.' };
    const cleared = planSlot({ slot: 1, title: '', data: '' }, seen(held('.', '.')), withDot);
    expect(cleared).toMatchObject({ status: 'unchanged', title: '.', data: '.' });
  });

  it('a slot not known is "read before writing", with no value and no time', () => {
    const slot = planSlot({ slot: 3, title: 't', data: 'd' }, null, mine);
    expect(slot).toEqual({ slot: 3, title: 't', data: 'd', current: null, status: 'unknown' });
  });

  it('a target not the account’s, and slots 11–20 without premium, are never written', () => {
    expect(planSlot({ slot: 1, title: 't', data: 'd' }, null, { ...mine, owned: false }).status).toBe(
      'notYours',
    );
    expect(planSlot({ slot: 12, title: 't', data: 'd' }, null, { ...mine, premium: false }).status).toBe(
      'needsPremium',
    );
  });
});

describe('freshSight', () => {
  const cached = (ago: number) => ({ value: held('t', 'd'), savedAt: NOW - ago });

  it('shows a cached answer younger than the freshness window, as of its time', () => {
    expect(freshSight(cached(299_000), NOW, 300_000)).toEqual({
      value: held('t', 'd'),
      seenAt: NOW - 299_000,
    });
  });

  it('never shows one older than the window (or from the future) as current', () => {
    expect(freshSight(cached(300_000), NOW, 300_000)).toBeNull();
    expect(freshSight(cached(-1000), NOW, 300_000)).toBeNull();
    expect(freshSight(null, NOW, 300_000)).toBeNull();
  });
});

describe('the job and its cost', () => {
  const slots = [
    planSlot({ slot: 1, title: 'same', data: 'x' }, seen(held('same', 'x')), mine),
    planSlot({ slot: 2, title: 'neu', data: 'n' }, seen(held('alt', 'a')), mine),
    planSlot({ slot: 3, title: 'neu', data: 'n' }, null, mine),
    planSlot({ slot: 4, title: 'neu', data: 'n' }, null, mine),
    planSlot({ slot: 12, title: 'neu', data: 'n' }, null, { ...mine, premium: false }),
  ];

  it('writes only what may change: a known slot with the value it must still hold, an unknown one without', () => {
    expect(slots.filter(mayWrite).map(jobSlotOf)).toEqual([
      { slot: 2, title: 'neu', data: 'n', expected: { title: 'alt', data: 'a' } },
      { slot: 3, title: 'neu', data: 'n' },
      { slot: 4, title: 'neu', data: 'n' },
    ]);
  });

  it('a slot shown holding its value already, handed to a job (a document piece), expects that value (issue 33, finding 6)', () => {
    const piece = {
      slot: 2,
      title: 'site:1',
      data: 'p',
      current: held('site:1', 'p'),
      status: 'unchanged' as const,
    };
    expect(jobSlotOf(piece)).toEqual({
      slot: 2,
      title: 'site:1',
      data: 'p',
      expected: { title: 'site:1', data: 'p' },
    });
  });

  it('costs one read and at most one write per slot it may write; the unchanged one nothing', () => {
    const learned = { limit: 10, windowMs: 60_000, source: 'learned' as const, learnedAt: 5 };
    expect(planCost(slots, learned)).toEqual({
      reads: 3,
      writes: 3,
      skipped: 1,
      perMinute: 10,
      minutes: 0.6,
      budget: learned,
    });
    // What the key's window still holds now goes at once: 6 requests, 4 of them now.
    expect(planCost(slots, learned, 4).minutes).toBeCloseTo(0.2);
    // The 3-slot import over a warm editor: 2 reads + 2 writes.
    expect(
      planCost(
        slots.slice(0, 2).concat(planSlot({ slot: 5, title: 'b', data: 'b' }, seen(held('a', 'a')), mine)),
        null,
      ),
    ).toMatchObject({
      reads: 2,
      writes: 2,
      skipped: 1,
    });
  });

  it('a restore’s slot a cached answer showed holding its value is read, never written unasked: it expects that value, and costs no write', () => {
    const restore = { ...mine, sameOnlyReadNow: true };
    const held1 = planSlot({ slot: 1, title: 'backup', data: 'b' }, seen(held('backup', 'b')), restore);
    const changed = planSlot({ slot: 2, title: 'backup', data: 'b' }, seen(held('other', 'o')), restore);
    const unknown = planSlot({ slot: 3, title: 'backup', data: 'b' }, null, restore);
    expect([held1, changed, unknown].map((slot) => slot.status)).toEqual([
      'heldWhenSeen',
      'changed',
      'unknown',
    ]);
    // Another writer's change since the cached answer is then a conflict at write time (the one rule).
    expect(jobSlotOf(held1)).toEqual({
      slot: 1,
      title: 'backup',
      data: 'b',
      expected: { title: 'backup', data: 'b' },
    });
    // Reads and writes apart: three reads, at most two writes (the one shown differing, the unknown).
    expect(planCost([held1, changed, unknown], null)).toMatchObject({ reads: 3, writes: 2, minutes: 0.5 });
    expect(planCost([held1], null)).toMatchObject({ reads: 1, writes: 0, minutes: 0.1 });
  });

  it('says what showing the slots not known costs first: one read each', () => {
    expect(readCost(slots, { limit: 10, windowMs: 60_000, source: 'assumed' })).toEqual({
      reads: 2,
      minutes: 0.2,
    });
    expect(readCost(slots.slice(0, 2), null)).toEqual({ reads: 0, minutes: 0 });
  });
});
