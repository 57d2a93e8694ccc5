/** Whether two targets are the same building or factory. */
import type { Target } from '../api/schemas';

export function sameTarget(a: Target | null | undefined, b: Target | null | undefined): boolean {
  return !!a && !!b && a.kind === b.kind && a.id === b.id;
}
