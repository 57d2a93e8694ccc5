/**
 * A finished import whose undo data made room in storage for newer jobs: its results stay on the
 * page, which says that this import's Undo is no longer possible and offers no Undo button.
 */
import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { JobProgress } from '../../components/import/JobProgress';
import type { Target } from '../../lib/api/schemas';
import { newJob } from '../../lib/jobs/job';
import type { Job } from '../../lib/storage/jobs';

const target: Target = { kind: 'building', id: 'b-1001' };

function finished(): Job {
  const job = newJob('p-1', 'import', target, [
    { slot: 1, title: 'Neu', data: 'eins' },
    { slot: 2, title: 'Neu', data: 'zwei' },
  ]);
  const previous = { title: 'Alt', data: 'vorher', lastUpdated: null };
  const items = job.items.map((item) => ({ ...item, status: 'done' as const, attempts: 1, previous }));
  return { ...job, createdAt: Date.UTC(2026, 10, 25, 13, 32), state: 'finished', items };
}

describe('a finished import without its undo data', () => {
  it('keeps its results and says its Undo is no longer possible, offering none', () => {
    const undo = { onUndo: () => undefined };
    const { unmount } = render(<JobProgress job={finished()} {...undo} />);
    expect(screen.getByRole('button', { name: 'Undo this import' })).toBeTruthy();
    expect(screen.queryByText(/no longer possible/)).toBeNull();
    unmount();

    render(<JobProgress job={{ ...finished(), undoGone: true }} {...undo} />);
    expect(screen.getByRole('status').textContent).toMatch(/^Finished: 2 written/);
    expect(screen.getByText(/^Undo of this import \(started .+\) is no longer possible: /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo this import' })).toBeNull();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Slot 1/),
      expect.stringMatching(/^Slot 2/),
    ]);
  });
});
