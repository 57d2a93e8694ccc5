/** A button of an account's row: its verb shown ("Rename"), named with the account ("Rename Account 1"). */
import type { JSX } from 'preact';
import { type MessageKey, t } from '../../lib/i18n';

/** Each verb's short label, shown; the long one, with the account's name, names the button. */
const SHORT = {
  action_edit: 'action_edit_short',
  action_activate: 'action_activate_short',
  action_rename: 'action_rename_short',
  action_duplicate: 'action_duplicate_short',
  action_remove: 'action_remove_short',
  action_signOut: 'action_signOut_short',
} as const satisfies Record<string, MessageKey>;

type VerbButtonProps = Omit<JSX.HTMLAttributes<HTMLButtonElement>, 'name'> & {
  verb: keyof typeof SHORT;
  name: string;
  danger?: boolean;
  opener?: (element: HTMLButtonElement | null) => void;
};

export function VerbButton({ verb, name, danger = false, opener, ...props }: VerbButtonProps) {
  return (
    <button
      {...props}
      ref={opener}
      type="button"
      class={danger ? 'button button--danger' : 'button'}
      aria-label={t(verb, name)}
    >
      {t(SHORT[verb])}
    </button>
  );
}
