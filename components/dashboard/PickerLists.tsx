/**
 * The picker's choices as lists: the buildings a search kept, then the factories, the current one
 * marked with aria-current. Every field is server text rendered as text.
 */
import { useId } from 'preact/hooks';
import type { BuildingListEntry } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import type { KnownFactory } from '../../lib/factories/merge';
import { buildingName, factoryName } from '../../lib/names';

export interface PickerListsProps {
  /** The heading the buildings' list is named by. */
  headingId: string;
  buildings: readonly BuildingListEntry[];
  factories: readonly KnownFactory[];
  selectedId: string | null;
  factoryId: string | null;
  onSelect: (id: string) => void;
  onSelectFactory?: ((id: string) => void) | undefined;
  onRemoveFactory?: ((id: string) => void) | undefined;
}

const placeOf = (b: BuildingListEntry) =>
  [b.address, b.area]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' · ');

export function PickerLists({ headingId, buildings, factories, ...choice }: PickerListsProps) {
  const factoriesId = useId();
  return (
    <>
      <ul class="picker" aria-labelledby={headingId}>
        {buildings.map((b) => {
          const place = placeOf(b);
          return (
            <li key={b.id} class="picker__item">
              <button
                type="button"
                class="picker__choice"
                aria-current={b.id === choice.selectedId && choice.factoryId === null ? 'true' : undefined}
                onClick={() => choice.onSelect(b.id)}
              >
                <span class="building__name">{buildingName(b)}</span>
                {place && (
                  <span class="building__place" title={place}>
                    {place}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {factories.length > 0 && (
        <>
          <h3 id={factoriesId} class="picker__heading picker__heading--sub">
            {t('slots_factories')}
          </h3>
          <ul class="picker" aria-labelledby={factoriesId}>
            {factories.map((f) => (
              <FactoryChoice key={f.id} factory={f} {...choice} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

type FactoryChoiceProps = { factory: KnownFactory } & Pick<
  PickerListsProps,
  'factoryId' | 'onSelectFactory' | 'onRemoveFactory'
>;

function FactoryChoice({ factory: f, factoryId, onSelectFactory, onRemoveFactory }: FactoryChoiceProps) {
  const name = factoryName(f);
  return (
    <li class="picker__item picker__item--factory">
      <button
        type="button"
        class="picker__choice"
        aria-current={f.id === factoryId ? 'true' : undefined}
        onClick={() => onSelectFactory?.(f.id)}
      >
        <span class="building__name">{name}</span>
      </button>
      {f.added && !f.listed && onRemoveFactory && (
        <button
          type="button"
          class="button button--quiet"
          aria-label={t('slots_removeFactory', name)}
          onClick={() => onRemoveFactory(f.id)}
        >
          ×
        </button>
      )}
    </li>
  );
}
