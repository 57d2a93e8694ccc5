/**
 * The one current target (a building or a factory) that the dashboard, its Slots tab, the side
 * panel and the editor share: choosing a building anywhere makes it current everywhere.
 */
import { Target } from '../api/schemas';
import { z } from '../zod';
import { storedItem } from './stored-item';

export const currentTargetItem = storedItem('local', 'currentTarget.v1', z.nullable(Target), () => null);
