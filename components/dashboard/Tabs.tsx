/** Tabs after the ARIA pattern: arrow keys, Home and End move between tabs; one panel is shown. */
import type { ComponentChildren } from 'preact';
import { useId, useRef } from 'preact/hooks';

export interface TabsProps<K extends string> {
  label: string;
  tabs: { key: K; label: string }[];
  active: K;
  onChange: (key: K) => void;
  children: ComponentChildren;
}

export function Tabs<K extends string>({ label, tabs, active, onChange, children }: TabsProps<K>) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const tab = next === null ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onChange(tab.key);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next as number]?.focus();
  };
  return (
    <div class="tabs">
      <div class="tabs__list" role="tablist" aria-label={label} ref={list}>
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.key}`}
            aria-selected={tab.key === active ? 'true' : 'false'}
            aria-controls={`${base}-panel`}
            tabIndex={tab.key === active ? 0 : -1}
            class="tabs__tab"
            onClick={() => onChange(tab.key)}
            onKeyDown={(e) => move(e, i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${active}`} class="tabs__panel">
        {children}
      </div>
    </div>
  );
}
