/**
 * A save conflict of a list of records shown as records (issue 32): from the server's version to
 * the user's, which records were changed (and how), added and removed. Loaded only when both
 * versions may be lists (LazyRecordsConflict); renders nothing when either is no table.
 */
import { useMemo } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { cellText } from '../../lib/records/cells';
import { type PlacedRecord, type RecordsDiff, diffRecords } from '../../lib/records/diff';
import { minify } from '../../lib/records/exact-json';
import { cellOf, columnsOf, rowText, tableFromText } from '../../lib/records/table';
import { uiLanguage } from '../display-format';

/** Detail lines shown; the rest is counted. */
const SHOWN = 8;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function summaryOf(diff: RecordsDiff): string {
  const { changed, added, removed } = diff;
  if (!changed.length && !added.length && !removed.length) return t('conflict_recordsSame');
  const one = new Intl.PluralRules(uiLanguage()).select(changed.length) === 'one';
  const parts = [
    changed.length &&
      t(one ? 'conflict_recordsChanged_one' : 'conflict_recordsChanged_other', String(changed.length)),
    added.length && t('conflict_recordsAdded', String(added.length)),
    removed.length && t('conflict_recordsRemoved', String(removed.length)),
  ];
  return parts.filter(Boolean).join(', ');
}

/** "id 12" when matched by an id column, else "record 3" (its place in its version). */
function labelOf(diff: RecordsDiff, record: PlacedRecord): string {
  const id = diff.matchedBy === null ? undefined : cellOf(record.row, diff.matchedBy);
  return id && diff.matchedBy !== null
    ? `${diff.matchedBy} ${cellText(id)}`
    : t('conflict_recordAt', String(record.place));
}

const shown = (value: ReturnType<typeof cellOf>) => (value ? clip(cellText(value), 40) : t('records_absent'));

/** "price 12500 → 11900; sold false → true": the columns whose values differ. */
function changesOf(before: PlacedRecord, after: PlacedRecord): string {
  return columnsOf([before.row, after.row])
    .flatMap((column) => {
      const [was, is] = [cellOf(before.row, column), cellOf(after.row, column)];
      if ((was && minify(was)) === (is && minify(is))) return [];
      return [`${column} ${shown(was)} → ${shown(is)}`];
    })
    .join('; ');
}

function linesOf(diff: RecordsDiff): string[] {
  return [
    ...diff.changed.map(({ before, after }) => `${labelOf(diff, after)}: ${changesOf(before, after)}`),
    ...diff.added.map((r) => t('conflict_recordAdded', [labelOf(diff, r), clip(rowText(r.row), 80)])),
    ...diff.removed.map((r) => t('conflict_recordRemoved', [labelOf(diff, r), clip(rowText(r.row), 80)])),
  ];
}

export function RecordsConflict({ mine, server }: { mine: string; server: string }) {
  const diff = useMemo(() => {
    const [before, after] = [tableFromText(server), tableFromText(mine)];
    return before.ok && after.ok ? diffRecords(before.table, after.table) : null;
  }, [mine, server]);
  if (!diff) return null;
  const lines = linesOf(diff);
  return (
    <div class="conflict__records">
      <p>{t('conflict_records', summaryOf(diff))}</p>
      {lines.length > 0 && (
        <ul>
          {lines.slice(0, SHOWN).map((line, i) => (
            <li key={i}>{line}</li>
          ))}
          {lines.length > SHOWN && <li>{t('conflict_recordsMore', String(lines.length - SHOWN))}</li>}
        </ul>
      )}
    </div>
  );
}
