/**
 * The header's menu as a disclosure, on every page and width: "Menu" opens the list; a choice,
 * Escape or a click outside closes it.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';

export function Menu({ children }: { children: ComponentChildren }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const menu = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!menu.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  return (
    <div class="menu" ref={menu}>
      <button
        type="button"
        class="button menu__toggle"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={listId}
        ref={toggle}
        onClick={() => setOpen(!open)}
      >
        <svg class="menu__icon" aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor">
          <path d="M3 5h14M3 10h14M3 15h14" stroke-width="1.7" stroke-linecap="round" />
        </svg>
        {t('menu_label')}
      </button>
      {/* A choice closes the menu (the click bubbles up from the item chosen). */}
      <div
        id={listId}
        class={open ? 'menu__list menu__list--open' : 'menu__list'}
        onClick={() => setOpen(false)}
      >
        {children}
      </div>
    </div>
  );
}
