/** The picker's factories: listed and added by hand, the chosen one marked, Remove only for one the list lacks. */
import { fireEvent, render, screen, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { BuildingPicker } from '../../components/dashboard/BuildingPicker';
import type { KnownFactory } from '../../lib/factories/merge';

const FACTORIES: KnownFactory[] = [
  { id: 'f-1', name: 'Brauerei', listed: true, added: false },
  { id: 'f-2', name: 'Mühle', listed: true, added: true },
  { id: 'f-3', name: 'Sägewerk', listed: false, added: true },
];

function renderPicker(factoryId: string | null) {
  const handlers = { onSelect: vi.fn(), onSelectFactory: vi.fn(), onRemoveFactory: vi.fn() };
  render(
    <BuildingPicker
      state={{
        status: 'ready',
        value: [{ id: 'b-1', name: 'Haus Müllerstraße' }],
        savedAt: 0,
        refreshing: false,
        refreshError: null,
      }}
      selectedId="b-1"
      onRetry={() => undefined}
      onOpenSettings={() => undefined}
      factories={FACTORIES}
      factoryId={factoryId}
      {...handlers}
    />,
  );
  return handlers;
}

describe('the picker’s factories', () => {
  it('lists them under their heading, marks the chosen one (not the building) and reports a choice', () => {
    const handlers = renderPicker('f-2');
    const list = screen.getByRole('list', { name: 'Factories' });
    const choices = within(list).getAllByRole('button', { name: /^(Brauerei|Mühle|Sägewerk)$/ });
    expect(choices.map((b) => b.getAttribute('aria-current'))).toEqual([null, 'true', null]);
    const buildings = screen.getByRole('list', { name: 'Your buildings' });
    expect(within(buildings).getByRole('button').getAttribute('aria-current')).toBeNull();
    fireEvent.click(choices[0] as HTMLElement);
    expect(handlers.onSelectFactory).toHaveBeenCalledWith('f-1');
  });

  it('offers Remove only for a factory added by hand that the list lacks', () => {
    const handlers = renderPicker(null);
    const removes = screen.getAllByRole('button', { name: /^Remove .+ from the list$/ });
    expect(removes.map((b) => b.getAttribute('aria-label'))).toEqual(['Remove Sägewerk from the list']);
    fireEvent.click(removes[0] as HTMLElement);
    expect(handlers.onRemoveFactory).toHaveBeenCalledWith('f-3');
    expect(handlers.onSelectFactory).not.toHaveBeenCalled();
  });
});
