/** A records table over a text signal, as the slot editor gives it: the writes it makes are kept. */
import { signal } from '@preact/signals';
import { render, screen, within } from '@testing-library/preact';
import axe from 'axe-core';
import { RecordsView } from '../../components/records/RecordsView';
import type { TableSource } from '../../components/records/records-model';
import { TableSession } from '../../components/records/table-session';

/** The dealer's list: `note` absent in the first, null in the second, "" in the third record. */
export const DEALER =
  '[{"id":12,"name":"Audi A4 Avant","price":12500,"sold":false},' +
  '{"id":13,"name":"BMW 320d \\u00e9 🚗","price":80000.50,"sold":true,"note":null},' +
  '{"id":14,"name":"VW Golf","price":9007199254740993,"sold":false,"note":""}]';

export function renderTable(text = DEALER, options: { limit?: number | null; session?: TableSession } = {}) {
  const session = options.session ?? new TableSession();
  const offered: string[] = [];
  const writes: string[] = [];
  const source: TableSource = {
    session,
    text: signal(text),
    write: (next) => {
      writes.push(next);
      (source.text as ReturnType<typeof signal<string>>).value = next;
    },
    limit: options.limit === undefined ? 2400 : options.limit,
    offerDocument: signal((next: string) => void offered.push(next)),
  };
  const view = render(<RecordsView source={source} label="Records of slot 1" />);
  return { view, session, source, writes, offered, last: () => writes.at(-1) };
}

export const grid = () => screen.getByRole('grid', { name: 'Records of slot 1' });
/** The data cell at (row, column), both 0-based, header row and row-number column left out. */
export const cell = (row: number, column: number) => {
  const rows = within(grid()).getAllByRole('row').slice(1);
  const td = rows[row]?.querySelectorAll('td')[column];
  if (!td) throw new Error(`no cell ${row}:${column}`);
  return td as HTMLElement;
};
export const button = (name: string | RegExp) => screen.getByRole('button', { name });

/** axe-core's serious and critical findings in the rendered view (colour contrast needs a real layout). */
export async function seriousFindings(container: Element) {
  const run = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return run.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`);
}
