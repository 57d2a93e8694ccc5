/** Yours and the server's value side by side; the user decides which one stays. */
import { useEffect, useId, useRef } from 'preact/hooks';
import type { PageOption } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import { LazyRecordsConflict } from '../records/LazyRecordsConflict';
import { Time } from './time';

/** What the dialog calls its two values and choices: an edit's ("Yours"), or a restore's ("In the backup"). */
export interface ConflictWords {
  detail: string;
  mine: string;
  server: string;
  keepMine: string;
  takeServer: string;
}

const editWords = (): ConflictWords => ({
  detail: t('conflict_detail'),
  mine: t('conflict_mine'),
  server: t('conflict_server'),
  keepMine: t('conflict_keepMine'),
  takeServer: t('conflict_takeServer'),
});

export interface ConflictDialogProps {
  option: number;
  /** The slot's target, named, when the slot belongs to one of several (a restore or copy). */
  targetLabel?: string;
  mine: { title: string; data: string };
  server: PageOption;
  onKeepMine: () => void;
  onTakeServer: () => void;
  /** Its words; an edit's unless given. */
  words?: ConflictWords;
  /** Takes the focus as it appears (false: one of several, whose list offers a choice for all first). */
  takesFocus?: boolean;
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
      {/* Scrolls when long (12rem): focusable, so a keyboard can scroll it too. */}
      <pre class="conflict__data" tabIndex={0}>
        {value.data || t('slot_emptyValue')}
      </pre>
    </div>
  );
}

export function ConflictDialog(props: ConflictDialogProps) {
  const { option, targetLabel, mine, server, onKeepMine, onTakeServer, takesFocus = true } = props;
  const words = props.words ?? editWords();
  const ids = { title: useId(), detail: useId() };
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (takesFocus) first.current?.focus();
  }, []);
  return (
    <div class="conflict" role="alertdialog" aria-labelledby={ids.title} aria-describedby={ids.detail}>
      <p id={ids.title} class="conflict__heading">
        {targetLabel
          ? t('conflict_titleIn', [targetLabel, String(option)])
          : t('conflict_title', String(option))}
      </p>
      <p id={ids.detail} class="hint">
        {words.detail}
      </p>
      <LazyRecordsConflict mine={mine.data} server={server.data} />
      <div class="conflict__sides">
        <Side heading={words.mine} value={mine} />
        <Side
          heading={words.server}
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
          {words.keepMine}
        </button>
        <button type="button" class="button" onClick={onTakeServer}>
          {words.takeServer}
        </button>
      </div>
    </div>
  );
}
