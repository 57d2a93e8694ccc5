/** The preview of an import: per slot, the current value beside the new one, changed lines marked. */
import { t } from '../../lib/i18n';
import type { PreviewItem } from '../../lib/messaging/protocol';
import { Time } from '../shared/time';
import { diffLines, readable } from './diff';

function Cell({ text, side, changed }: { text: string | null; side: 'old' | 'new'; changed: boolean }) {
  if (text === null) return <td class="diff__cell diff__cell--none" />;
  if (!changed) return <td class="diff__cell">{text}</td>;
  return (
    <td class={`diff__cell diff__cell--${side}`}>
      {side === 'old' ? (
        <del>
          <span class="visually-hidden">{t('import_removed')} </span>
          {text}
        </del>
      ) : (
        <ins>
          <span class="visually-hidden">{t('import_added')} </span>
          {text}
        </ins>
      )}
    </td>
  );
}

function Diff({ before, after, caption }: { before: string; after: string; caption: string }) {
  const rows = diffLines(readable(before), readable(after));
  return (
    <table class="diff">
      <caption class="diff__caption">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('import_current')}</th>
          <th scope="col">{t('import_new')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td class="diff__cell hint" colSpan={2}>
              {t('slot_emptyValue')}
            </td>
          </tr>
        ) : (
          rows.map((row, index) => (
            <tr key={index} class={row.changed ? 'diff__row diff__row--changed' : 'diff__row'}>
              <Cell text={row.old} side="old" changed={row.changed} />
              <Cell text={row.new} side="new" changed={row.changed} />
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** "as of 2 minutes ago": when the value shown as current was answered. */
function ShownAge({ seenAt }: { seenAt: number | undefined }) {
  if (seenAt === undefined) return null;
  return (
    <p class="hint preview__age">
      <Time ms={seenAt} label={(relative) => t('import_asOf', relative)} />
    </p>
  );
}

/** One slot of a write plan: its status, the value shown as current (with its age) against the new one. */
export function PreviewSlot({ item }: { item: PreviewItem }) {
  const current = item.current ?? { title: '', data: '' };
  const unknown = item.status === 'unknown';
  const heldWhenSeen = item.status === 'heldWhenSeen';
  return (
    <li class={item.unchanged ? 'preview__slot preview__slot--unchanged' : 'preview__slot'}>
      <h4 class="preview__heading">
        {t('import_slot', String(item.slot))}{' '}
        {item.unchanged ? (
          <span class="badge">{t('import_unchanged')}</span>
        ) : unknown ? (
          <span class="badge">{t('targets_slotUnknown')}</span>
        ) : heldWhenSeen ? (
          <span class="badge">{t('targets_slotHeldWhenSeen')}</span>
        ) : (
          <span class="badge badge--unsaved">{t('import_changes')}</span>
        )}
      </h4>
      <ShownAge seenAt={item.seenAt} />
      {item.unchanged || unknown || heldWhenSeen ? (
        <p class="hint">
          <span class="preview__title">{item.title || t('slot_emptyValue')}</span>
        </p>
      ) : (
        <>
          {current.title !== item.title && (
            <Diff before={current.title} after={item.title} caption={t('field_title')} />
          )}
          {current.data !== item.data && (
            <Diff before={current.data} after={item.data} caption={t('field_data')} />
          )}
        </>
      )}
    </li>
  );
}
