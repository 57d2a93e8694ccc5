/**
 * The copy panel's state ("Copy this slot to…"): the targets chosen, the slot to copy into, the
 * step (choosing, checking, the preview), what the worker refused, and the jobs started here. The
 * preview reads what each target holds only when the user asks; the job checks each at write time.
 */
import { computed, createModel, signal } from '@preact/signals';
import type { Target } from '../../lib/api/schemas';
import type { AppError } from '../../lib/app-error';
import type { Send } from '../../lib/messaging/page-client';
import type { ReadyTargets } from '../import/TargetPreview';
import { type CopyOption, optionKey } from './CopyChecklist';

export type CopyStep = { kind: 'choose' } | { kind: 'checking' } | { kind: 'preview'; preview: ReadyTargets };

export const CopySlotModel = createModel((send: Send, options: readonly CopyOption[], option: number) => {
  const chosen = signal<ReadonlySet<string>>(new Set());
  const into = signal(option);
  const step = signal<CopyStep>({ kind: 'choose' });
  const error = signal<AppError | null>(null);
  const problems = signal<{ path: string; message: string }[]>([]);
  const noneChosen = signal(false);
  /** The jobs started from this panel: only those are shown in it. */
  const mine = signal<ReadonlySet<string>>(new Set());
  const targets = computed((): Target[] =>
    options.filter((o) => chosen.value.has(optionKey(o.target))).map((o) => o.target),
  );

  /** The plan of copying `content` (the value shown now): targets freshly cached shown as of then; read now only when asked. */
  const preview = async (content: { title: string; data: string }, read = false) => {
    error.value = null;
    problems.value = [];
    const list = targets.peek();
    noneChosen.value = list.length === 0;
    if (list.length === 0) return;
    step.value = { kind: 'checking' };
    const slot = { slot: into.peek(), ...content };
    const document = { targets: list.map((target) => ({ target, slots: [slot] })) };
    const answer = await send('previewTargets', { document, ...(read ? { read } : {}) });
    if (!answer.ok) return void ((error.value = answer.error), (step.value = { kind: 'choose' }));
    if (answer.value.status === 'problems')
      return void ((problems.value = answer.value.problems), (step.value = { kind: 'choose' }));
    step.value = { kind: 'preview', preview: answer.value };
  };

  return {
    chosen,
    into,
    step,
    error,
    problems,
    noneChosen,
    mine,
    choose: (next: ReadonlySet<string>) => (chosen.value = next),
    setInto: (slot: number) => (into.value = slot),
    preview: (content: { title: string; data: string }, read?: boolean) => preview(content, read ?? false),
    back: () => (step.value = { kind: 'choose' }),
    remember: (id: string | undefined) => {
      if (id) mine.value = new Set(mine.value).add(id);
    },
  };
});

export type CopySlotModel = InstanceType<typeof CopySlotModel>;
