/**
 * The one owner pattern for a model a view may be given: a parent that shares the model with other
 * views makes it (and disposes it); otherwise the view makes its own once and disposes it when it
 * unmounts. Which of the two is fixed for a view's life: a view given a model later is mounted anew.
 */
import { type Model } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';

export function useGivenOrOwnModel<T>(given: Model<T> | undefined, make: () => Model<T>): Model<T> {
  // Made once, as useModel makes its model.
  const own = useMemo(() => (given ? undefined : make()), []);
  useEffect(() => own?.[Symbol.dispose], [own]);
  return given ?? (own as Model<T>);
}
