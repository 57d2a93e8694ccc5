/**
 * The profiles as stored, read without zod for a page's first view (zod loads after it): only
 * which one is active and each one's id, name and colour, each checked by hand. The page confirms
 * it with the worker's validated answer a moment later and renders anew if that differs. Read
 * through the browser's own namespace: the polyfill loads after the first view.
 */
import { nativeBrowser } from '../native-browser';
import { PROFILES_KEY } from './page-keys';

export interface ProfileHint {
  active: string | null;
  list: { id: string; name: string; color: string; epoch: number }[];
}

const ID = /^[a-z0-9-]{1,40}$/;
const COLOR = /^#[0-9a-f]{6}$/;
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
/** Profiles stored before epochs have none: epoch 0, as the schema reads them. */
const epochOf = (value: unknown) =>
  Number.isInteger(value) && (value as number) >= 0 ? (value as number) : 0;

/** The hint in a raw stored `profiles` value; null unless one listed profile is active. */
export function profileHintOf(stored: unknown): ProfileHint | null {
  const value = isRecord(stored) && stored.v === 1 && isRecord(stored.value) ? stored.value : null;
  if (!value || !Array.isArray(value.list)) return null;
  const list = value.list.flatMap((p: unknown) =>
    isRecord(p) &&
    typeof p.id === 'string' &&
    ID.test(p.id) &&
    typeof p.name === 'string' &&
    typeof p.color === 'string' &&
    COLOR.test(p.color)
      ? [{ id: p.id, name: p.name, color: p.color, epoch: epochOf(p.epoch) }]
      : [],
  );
  const active =
    typeof value.active === 'string' && list.some((p) => p.id === value.active) ? value.active : null;
  return active === null ? null : { active, list };
}

export async function readProfileHint(): Promise<ProfileHint | null> {
  return profileHintOf((await nativeBrowser().storage.local.get(PROFILES_KEY))[PROFILES_KEY]);
}
