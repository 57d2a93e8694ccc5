/**
 * The naive path of the portfolio tab's bench (scripts/bench-portfolio-browser.ts), bundled with
 * esbuild and run in the dashboard page beside ours: the same table (head, body, totals and the
 * row count) in the same DOM, from a stored table followed the same way (portfolioFamily.watch),
 * with the same filter, sort, cell texts and listeners, but its body built anew with the DOM on
 * every change, as a page without a diffing view does. The head's marks, the totals and the count
 * are set only where they changed, as ours does: the two differ in how the body is made alone.
 */
import { age, amount, count, DASH } from '../components/portfolio/cells';
import { columnLabels } from '../components/portfolio/column-labels';
import { numClass, tableColumns, totalCell } from '../components/portfolio/table-columns';
import { plural } from '../components/portfolio/summary-line';
import { formatNumber, uiLanguage } from '../components/display-format';
import { localDateTime } from '../components/date-format';
import { t } from '../lib/i18n';
import { type Column, type Sort, filterRows, occupancy, sortRows, totalsOf } from '../lib/portfolio/table';
import { type PortfolioRow, type PortfolioTable, portfolioFamily } from '../lib/storage/portfolio';

function element(tag: string, attributes: Record<string, string> = {}, text?: string): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function cellContent(row: PortfolioRow, column: Column, now: number): Node {
  const f = row.figures;
  switch (column) {
    case 'area':
      return document.createTextNode(row.area ?? DASH);
    case 'occupancy': {
      const share = occupancy(f);
      if (share === null) return document.createTextNode(DASH);
      const outer = element('span', { class: 'portfolio__occupancy' });
      const bar = element('span', { class: 'portfolio__bar', 'aria-hidden': 'true' });
      const fill = document.createElement('span');
      fill.style.width = `${Math.round(share * 100)}%`;
      bar.append(fill);
      outer.append(bar, `${formatNumber(Math.round(share * 100))} %`);
      return outer;
    }
    case 'rentLet':
    case 'rentEmpty':
    case 'balance':
      return document.createTextNode(amount(f[column]));
    case 'oldestPayment':
      if (f.paymentsHidden)
        return element('span', { class: 'portfolio__note' }, t('portfolio_paymentsHidden'));
      return document.createTextNode(f.oldestPayment ? localDateTime(f.oldestPayment) : DASH);
    case 'late':
      return document.createTextNode(f.paymentsHidden ? DASH : count(f.late));
    case 'updatedAt':
      return document.createTextNode(age(row, now));
    case 'name':
      return document.createTextNode(row.name);
    default:
      return document.createTextNode(count(f[column]));
  }
}

function rowElement(
  row: PortfolioRow,
  columns: readonly Column[],
  labels: Record<Column, string>,
  now: number,
): HTMLElement {
  const refreshLabel = t('portfolio_refreshRow', row.name);
  const tr = document.createElement('tr');
  tr.addEventListener('click', () => undefined);
  const action = element('td', { class: 'portfolio__action' });
  const refresh = element(
    'button',
    {
      type: 'button',
      class: 'button button--icon',
      'aria-label': refreshLabel,
      title: refreshLabel,
    },
    '↻',
  );
  refresh.addEventListener('click', (e) => e.stopPropagation());
  action.append(refresh);
  tr.append(action);
  for (const column of columns) {
    if (column === 'name') {
      const th = element('th', { scope: 'row' });
      const open = element('button', { type: 'button', class: 'portfolio__link' }, row.name);
      open.addEventListener('click', (e) => e.stopPropagation());
      th.append(open);
      const problems = Object.entries(row.problems);
      if (problems.length > 0)
        th.append(
          element(
            'span',
            { class: 'portfolio__problem' },
            problems.map(([resource, kind]) => t('portfolio_problem', [resource, kind])).join('; '),
          ),
        );
      tr.append(th);
    } else {
      const td = element('td', { class: numClass(column), 'data-label': labels[column] });
      td.append(cellContent(row, column, now));
      tr.append(td);
    }
  }
  return tr;
}

const setText = (node: Node, text: string) => {
  if (node.textContent !== text) node.textContent = text;
};

/**
 * Adds the naive table to `host` (the portfolio's section, so the same styles apply), following the
 * table stored for `profileId`. Its filter field has the id `naive-filter`, its table `naive-table`.
 */
export async function mountNaive(host: HTMLElement, profileId: string): Promise<void> {
  let table: PortfolioTable | null = await portfolioFamily.get(profileId, 'table');
  let filter = '';
  let sort: Sort = { column: 'name', direction: 'ascending' };
  const columns = tableColumns(table?.premium ?? false);
  const labels = columnLabels();

  const input = element('input', { type: 'search', id: 'naive-filter' }) as HTMLInputElement;
  const countLine = element('p', { class: 'portfolio__count', 'aria-live': 'polite' });
  const scroll = element('div', { class: 'portfolio__scroll' });
  const tableNode = element('table', { class: 'portfolio__table', id: 'naive-table' });
  tableNode.append(element('caption', { class: 'visually-hidden' }, t('portfolio_heading')));
  const head = document.createElement('thead');
  const headRow = document.createElement('tr');
  const actions = element('th', { scope: 'col' });
  actions.append(element('span', { class: 'visually-hidden' }, t('portfolio_col_actions')));
  headRow.append(actions);
  const marks = new Map<Column, { th: HTMLElement; mark: HTMLElement }>();
  for (const column of columns) {
    const th = element('th', { scope: 'col', 'aria-sort': 'none', class: numClass(column) });
    const button = element('button', { type: 'button', class: 'portfolio__sort' }, labels[column]);
    const mark = element('span', { 'aria-hidden': 'true' });
    button.append(mark);
    button.addEventListener('click', () => {
      sort =
        sort.column === column
          ? { column, direction: sort.direction === 'ascending' ? 'descending' : 'ascending' }
          : { column, direction: 'ascending' };
      render();
    });
    th.append(button);
    headRow.append(th);
    marks.set(column, { th, mark });
  }
  head.append(headRow);
  let body = document.createElement('tbody');
  const foot = document.createElement('tfoot');
  const footRow = document.createElement('tr');
  footRow.append(document.createElement('td'));
  const totalCells = columns.map((column) => {
    const cell =
      column === 'name'
        ? element('th', { scope: 'row' })
        : element('td', { class: numClass(column), 'data-label': labels[column] });
    footRow.append(cell);
    return cell;
  });
  foot.append(footRow);
  tableNode.append(head, body, foot);
  scroll.append(tableNode);
  host.append(input, countLine, scroll);

  function render(): void {
    const all = table?.rows ?? [];
    const filtered = filterRows(all, filter);
    const shown = sortRows(filtered, sort, uiLanguage());
    for (const [column, { th, mark }] of marks) {
      const sorted = sort.column === column ? sort.direction : undefined;
      if (th.getAttribute('aria-sort') !== (sorted ?? 'none')) th.setAttribute('aria-sort', sorted ?? 'none');
      setText(mark, sorted === 'ascending' ? ' ▲' : sorted === 'descending' ? ' ▼' : '');
    }
    const now = Date.now();
    const next = document.createElement('tbody');
    for (const row of shown) next.append(rowElement(row, columns, labels, now));
    body.replaceWith(next);
    body = next;
    const totals = totalsOf(filtered);
    columns.forEach((column, i) => setText(totalCells[i]!, totalCell(totals, column)));
    setText(
      countLine,
      shown.length === 0 && all.length > 0
        ? t('portfolio_noMatch')
        : plural(all.length, 'portfolio_count_one', 'portfolio_count', [
            formatNumber(shown.length),
            formatNumber(all.length),
          ]),
    );
  }

  input.addEventListener('input', () => {
    filter = input.value;
    render();
  });
  portfolioFamily.watch(profileId, (_parts, value) => {
    table = value;
    render();
  });
  render();
}

/** An element as text with its attributes (in name order, ids left out) and its children. */
function shape(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element)) return '';
  const attributes = [...node.attributes]
    .filter((a) => a.name !== 'id')
    .map((a) => `${a.name}="${a.value}"`)
    .sort()
    .join(' ');
  return `<${node.localName} ${attributes}>${[...node.childNodes].map(shape).join('')}</${node.localName}>`;
}

/**
 * Both tables (head, rows, totals) as text: null when they are the same, else where they first
 * differ. The bench checks it so that it compares like with like.
 */
export function differenceOfTables(): string | null {
  const ours = shape(document.querySelector('.portfolio table:not(#naive-table)') as Element);
  const naive = shape(document.getElementById('naive-table') as Element);
  if (ours === naive) return null;
  let at = 0;
  while (ours[at] === naive[at]) at++;
  const around = (text: string) => text.slice(Math.max(0, at - 80), at + 80);
  return `ours …${around(ours)}… naive …${around(naive)}…`;
}
