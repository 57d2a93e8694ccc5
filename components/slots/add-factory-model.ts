/**
 * Adding a factory by hand (where the API lists none): its id and name as typed, checked here
 * (required, the id's form) and then by the page's factory list, which asks the server for it.
 */
import { createModel, signal } from '@preact/signals';
import { TargetId } from '../../lib/api/schemas';
import type { AppError } from '../../lib/app-error';

export type Adding = 'idle' | 'checking' | 'required' | 'invalid' | { error: AppError };

export const AddFactoryModel = createModel(
  (factories: { add(id: string, name: string): Promise<AppError | null> }) => {
    const id = signal('');
    const name = signal('');
    const adding = signal<Adding>('idle');
    return {
      id,
      name,
      adding,
      /** Adds the factory typed; the fields empty again once it is added. */
      async add(): Promise<void> {
        const typed = id.value.trim();
        if (!typed) return void (adding.value = 'required');
        if (!TargetId.safeParse(typed).success) return void (adding.value = 'invalid');
        adding.value = 'checking';
        const error = await factories.add(typed, name.peek().trim());
        if (error) return void (adding.value = { error });
        adding.value = 'idle';
        id.value = '';
        name.value = '';
      },
    };
  },
);
