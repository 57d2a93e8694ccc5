import { createModel, effect, signal } from '@preact/signals';
import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { useGivenOrOwnModel } from '../../components/shared/given-or-own-model';

const made: string[] = [];
const disposed: string[] = [];
const Counter = createModel((name: string) => {
  made.push(name);
  const count = signal(0);
  effect(() => () => void disposed.push(name));
  // A model holds only signals and actions: its name too.
  return { name: signal(name), count, add: () => count.value++ };
});
type CounterModel = InstanceType<typeof Counter>;

function View({ given, seen }: { given?: CounterModel; seen: (m: CounterModel) => void }) {
  const model = useGivenOrOwnModel(given, () => new Counter('own'));
  seen(model);
  return <p>{model.name.value}</p>;
}

describe('useGivenOrOwnModel', () => {
  it('uses the given model and makes none of its own', () => {
    made.length = 0;
    const given = new Counter('given');
    const seen: CounterModel[] = [];
    const { rerender, getByText, unmount } = render(<View given={given} seen={(m) => seen.push(m)} />);
    rerender(<View given={given} seen={(m) => seen.push(m)} />);
    expect(getByText('given')).toBeTruthy();
    expect(made).toEqual(['given']);
    expect(new Set(seen)).toEqual(new Set([given]));
    disposed.length = 0;
    unmount();
    expect(disposed).toEqual([]);
  });

  it('makes its own once across renders', () => {
    made.length = 0;
    const seen: CounterModel[] = [];
    const { rerender, getByText, unmount } = render(<View seen={(m) => seen.push(m)} />);
    rerender(<View seen={(m) => seen.push(m)} />);
    expect(getByText('own')).toBeTruthy();
    expect(made).toEqual(['own']);
    expect(new Set(seen).size).toBe(1);
    disposed.length = 0;
    unmount();
    expect(disposed).toEqual(['own']);
  });
});
