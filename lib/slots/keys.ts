/** Storage keys per target and slot: one key each, so writes for different slots never race. */
import type { Target } from '../api/schemas';

export function targetKey(target: Target): string {
  return `${target.kind}:${target.id}`;
}

export function slotKey(prefix: string, target: Target, option: number): string {
  return `${prefix}:${targetKey(target)}:${option}`;
}

export function sameTarget(a: Target | null | undefined, b: Target | null | undefined): boolean {
  return !!a && !!b && a.kind === b.kind && a.id === b.id;
}
