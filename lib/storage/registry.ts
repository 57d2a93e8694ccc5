/**
 * Where every stored value is declared, with its rules on the declaration (as Bitwarden's
 * `UserKeyDefinition` carries `clearOn`): what a sign-out does with it and what bounds its size.
 * Single items have one key each; per-profile families keep one key per profile and part
 * (`p.<profile>.<family>:<part>:…`). Each declaration registers itself here, so no two values can
 * share a name, sign-out reads its rules from the declarations, and the registry's test reads the
 * registry itself; every name is listed once in stored-names.ts. `storedItem` and `storedFamily` are the mechanism behind these two functions;
 * nothing past this module declares a value with them (ESLint holds that).
 */
import type { z } from '../zod';
import type { StorageArea } from './area';
import { type Family, storedFamily } from './family';
import type { BudgetFamily } from './quota';
import { type ItemOptions, type StoredItem, storedItem } from './stored-item';
import { isListedName } from './stored-names';

/**
 * What a sign-out (Forget) does with a family's entries of that profile: `removed` always;
 * `askFirst` only when the user says drafts and history go too.
 */
export type SignOut = 'removed' | 'askFirst';

/**
 * What a sign-out does with a single item: `kept` when it holds nothing an account produced
 * (settings of the extension, a queue's state); `profileEntry` when the signed-out profile's entry
 * in it goes (the item says how, beside its declaration).
 */
export type ItemSignOut = 'kept' | 'profileEntry';

/** What bounds a value's size: a byte budget per profile (quota.ts holds the numbers), or why it needs none. */
export type Bound = { budget: BudgetFamily } | { boundedBy: string };

export type Declared =
  | { kind: 'family'; area: StorageArea; name: string; signOut: SignOut; bound: Bound }
  | { kind: 'item'; area: StorageArea; name: string; signOut: ItemSignOut; bound: Bound };

const declared = new Map<string, Declared>();

function register(entry: Declared): void {
  const id = `${entry.area}:${entry.name}`;
  if (declared.has(id)) throw new Error(`Two stored values are declared as ${id}`);
  if (!isListedName(entry.kind, entry.area, entry.name))
    throw new Error(`${id} is not listed in stored-names.ts`);
  if (entry.kind === 'item' && entry.name.startsWith('p.')) throw new Error(`${id} looks like a profile key`);
  declared.set(id, entry);
}

/** Every stored value declared so far (every one, once the modules that declare them are loaded). */
export const declaredValues = (): readonly Declared[] => [...declared.values()];

/** The family names a sign-out keeps unless the user says they go too. */
export const familiesKeptUnlessAsked = (): ReadonlySet<string> =>
  new Set(
    declaredValues()
      .filter((d) => d.kind === 'family' && d.signOut === 'askFirst')
      .map((d) => d.name),
  );

export interface FamilyRules {
  /** Default `local`; `session` values are gone when the browser closes. */
  area?: StorageArea;
  signOut: SignOut;
  bound: Bound;
}

/** A keyed family of values an account produced, declared with its sign-out rule and bound. */
export function profileFamily<S extends z.ZodMiniType>(
  name: string,
  schema: S,
  options: ItemOptions & FamilyRules,
): Family<z.output<S>> {
  const where = options.area ?? 'local';
  register({ kind: 'family', area: where, name, signOut: options.signOut, bound: options.bound });
  return storedFamily(where, name, schema, options);
}

export interface ItemRules {
  signOut: ItemSignOut;
  bound: Bound;
}

/** A single stored value under one key, declared with its sign-out rule and bound. */
export function singleItem<S extends z.ZodMiniType>(
  where: StorageArea,
  key: string,
  schema: S,
  options: ItemOptions & ItemRules & { fallback: () => z.output<S> },
): StoredItem<z.output<S>> {
  register({ kind: 'item', area: where, name: key, signOut: options.signOut, bound: options.bound });
  return storedItem(where, key, schema, options);
}
