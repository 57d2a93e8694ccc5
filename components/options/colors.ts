/** The colours a profile can have, with the name a person reads. */
import type { MessageKey } from '../../lib/i18n';
import { PROFILE_COLORS } from '../../lib/storage/profiles';

const NAMES: readonly MessageKey[] = [
  'colour_blue',
  'colour_green',
  'colour_orange',
  'colour_red',
  'colour_violet',
  'colour_teal',
];

export const COLOR_CHOICES = PROFILE_COLORS.map((value, i) => ({ value, name: NAMES[i] ?? 'colour_blue' }));
