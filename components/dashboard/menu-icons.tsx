/**
 * The menu's icons as inline SVG in the text's colour: a font's glyph (⧉, ◨) is a missing-glyph box
 * where the system fonts lack it. Decorative: the item's label names it.
 */
import type { ComponentChildren } from 'preact';

const PATHS = {
  refresh: (
    <>
      <path d="M16 10a6 6 0 1 1-1.8-4.3" />
      <path d="M16 3v4h-4" />
    </>
  ),
  openTab: (
    <>
      <path d="M11 3h6v6" />
      <path d="M17 3l-7 7" />
      <path d="M15 12v4a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h4" />
    </>
  ),
  sidePanel: (
    <>
      <rect x="3" y="4" width="14" height="12" rx="1" />
      <path d="M12 4v12" />
    </>
  ),
  dashboard: (
    <>
      <rect x="3" y="3" width="6" height="6" rx="1" />
      <rect x="11" y="3" width="6" height="6" rx="1" />
      <rect x="3" y="11" width="6" height="6" rx="1" />
      <rect x="11" y="11" width="6" height="6" rx="1" />
    </>
  ),
  importExport: (
    <>
      <path d="M6 16V4M3 7l3-3 3 3" />
      <path d="M14 4v12M11 13l3 3 3-3" />
    </>
  ),
  document: (
    <>
      <path d="M5 2.5h7l3 3v12H5z" />
      <path d="M8 9h4M8 12h4" />
    </>
  ),
  backup: (
    <>
      <rect x="3" y="4" width="14" height="4" rx="1" />
      <path d="M4 8v8h12V8M8 11h4" />
    </>
  ),
  settings: (
    <>
      <circle cx="10" cy="10" r="2.5" />
      <path d="M10 2v2.5M10 15.5V18M2 10h2.5M15.5 10H18M4.3 4.3l1.8 1.8M13.9 13.9l1.8 1.8M4.3 15.7l1.8-1.8M13.9 6.1l1.8-1.8" />
    </>
  ),
} satisfies Record<string, ComponentChildren>;

export type IconName = keyof typeof PATHS;

export function MenuIcon({ name }: { name: IconName }) {
  return (
    <svg
      class="menu__icon"
      aria-hidden="true"
      viewBox="0 0 20 20"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      stroke-width="1.7"
      stroke-linecap="round"
      stroke-linejoin="round"
    >
      {PATHS[name]}
    </svg>
  );
}
