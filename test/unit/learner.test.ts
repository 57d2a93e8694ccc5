/** The learner's rules, one at a time (the whole against a model server: budget-learner.test.ts). */
import { describe, expect, it } from 'vitest';
import type { Budget } from '../../lib/api/budget';
import { type Learning, afterAdmitted, afterRefusal, learningOf } from '../../lib/api/learner';

const WINDOW = 12_000;
const budget = (limit: number): Budget => ({ limit, windowMs: WINDOW, source: 'learned', learnedAt: 0 });

describe('afterAdmitted', () => {
  it('takes a peak one past the pace for the window’s edge: the next raise goes past it, not back to it', () => {
    // A first burst counted 11 where the server admits 10 (answers overtaking each other), then
    // a refusal at 10: the pace is 10, the peak 11.
    const first = afterRefusal(null, learningOf(undefined, null, 0), { admitted: 11 }, 0, 0);
    expect(first.learning.peak).toBe(11);
    const refused = afterRefusal(budget(11), first.learning, { admitted: 10 }, 13_000, 13_000);
    expect(refused.limit).toBe(10);
    // Held full for 3 windows: no raise to 11 (a raise back to a peak within the edge is refused
    // every time); one past it once the pace held a window, as after learning.
    const learning: Learning = refused.learning;
    expect(afterAdmitted(budget(10), learning, 10, 13_000 + 0.5 * WINDOW)).toBeNull();
    const raised = afterAdmitted(budget(10), learning, 10, 13_000 + WINDOW + 1);
    expect(raised?.limit).toBe(30);
  });

  it('raises a share back to the peak a window after the refusal below it', () => {
    const learning = learningOf(undefined, budget(10), 0);
    const shared = afterRefusal(budget(10), learning, { admitted: 6 }, 1_000, 1_000);
    expect(shared.limit).toBe(6);
    expect(shared.learning.sharedAt).toBe(1_000);
    expect(afterAdmitted(budget(6), shared.learning, 6, 1_000 + WINDOW + 1)?.limit).toBe(10);
  });
});
