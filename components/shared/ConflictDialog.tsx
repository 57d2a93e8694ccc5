/** Yours and the server's value side by side; the user decides which one stays. */
import { useEffect, useId, useRef } from 'preact/hooks';
import type { PageOption } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import { LazyRecordsConflict } from '../records/LazyRecordsConflict';
import { Time } from './time';

export interface ConflictDialogProps {
  option: number;
  /** The slot's target, named, when the slot belongs to one of several (a restore or copy). */
  targetLabel?: string;
  mine: { title: string; data: string };
  server: PageOption;
  onKeepMine: () => void;
  onTakeServer: () => void;
}

function Side({
  heading,
  value,
  extra,
}: {
  heading: string;
  value: { title: string; data: string };
  extra?: preact.ComponentChildren;
}) {
  return (
    <div class="conflict__side">
      <h4>
        {heading} {extra}
      </h4>
      <p class="conflict__title">{value.title || t('slot_emptyValue')}</p>
      <pre class="conflict__data">{value.data || t('slot_emptyValue')}</pre>
    </div>
  );
}

export function ConflictDialog(props: ConflictDialogProps) {
  const { option, targetLabel, mine, server, onKeepMine, onTakeServer } = props;
  const ids = { title: useId(), detail: useId() };
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <div class="conflict" role="alertdialog" aria-labelledby={ids.title} aria-describedby={ids.detail}>
      <p id={ids.title} class="conflict__heading">
        {targetLabel
          ? t('conflict_titleIn', [targetLabel, String(option)])
          : t('conflict_title', String(option))}
      </p>
      <p id={ids.detail} class="hint">
        {t('conflict_detail')}
      </p>
      <LazyRecordsConflict mine={mine.data} server={server.data} />
      <div class="conflict__sides">
        <Side heading={t('conflict_mine')} value={mine} />
        <Side
          heading={t('conflict_server')}
          value={server}
          extra={
            <span class="hint">
              (<Time iso={server.lastUpdated} />)
            </span>
          }
        />
      </div>
      <div class="actions">
        <button ref={first} type="button" class="button button--danger" onClick={onKeepMine}>
          {t('conflict_keepMine')}
        </button>
        <button type="button" class="button" onClick={onTakeServer}>
          {t('conflict_takeServer')}
        </button>
      </div>
    </div>
  );
}
