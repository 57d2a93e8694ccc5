/** A table action's button: small, and announced as unavailable (not removed) when it cannot act. */
export const ToolbarButton = ({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) => (
  <button
    type="button"
    class="button button--small"
    aria-disabled={disabled ? 'true' : undefined}
    onClick={() => !disabled && onClick()}
  >
    {label}
  </button>
);
