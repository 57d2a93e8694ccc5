import type { SizeMeter } from './types';

export function createSizeMeter(): SizeMeter {
  throw new Error('not yet');
}
