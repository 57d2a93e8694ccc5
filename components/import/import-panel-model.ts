/**
 * The import panel's state as one signal model: the document being checked, the job followed, the
 * document draft of the current target, which section started what is shown, and what the panel
 * does across them (a check's Confirm starts its job, a large JSON becomes a document, …). The page
 * hands it its own state as signals (target, premium, names, the slots as read), which the panel's
 * views read from the page too; disposing the model stops following storage and writes the draft.
 */
import { type ReadonlySignal, type Signal, computed, createModel, effect, signal } from '@preact/signals';
import type { Budget } from '../../lib/api/budget';
import { minutesAt } from '../../lib/api/limits';
import type { BuildingListEntry, PageOption, Target } from '../../lib/api/schemas';
import { progressOf } from '../../lib/jobs/job';
import type { Send } from '../../lib/messaging/page-client';
import { prettyJson } from '../../lib/slots/validate';
import type { Job } from '../../lib/storage/jobs';
import { DocumentDraftModel } from '../document/document-draft-model';
import { documentView } from '../document/document-panel-state';
import { type Intent, ImportCheckModel } from './import-check-model';
import { JobModel } from '../jobs/job-model';
import type { BarJob } from '../jobs/JobBar';
import { type MessageKey, t } from '../../lib/i18n';
import { buildingName, factoryName } from '../../lib/names';
import type { ReadyTargets } from './TargetPreview';

/** The editor's sections (components/editor/sections.ts); without one on screen, every part is shown at once. */
export type ImportSection = 'slots' | 'import' | 'document' | 'backup';

/** The section a job shows in: its kind's; an undo's, where it was asked (or the check's). */
const sectionOfJob = (job: Job, asked: ImportSection): ImportSection =>
  job.kind === 'restore'
    ? 'backup'
    : job.kind === 'document'
      ? 'document'
      : job.kind === 'undo'
        ? asked
        : 'import';

/** What the job bar calls a job of each kind. */
const JOB_WORDS = {
  import: 'jobbar_import',
  restore: 'jobbar_restore',
  copy: 'jobbar_copy',
  document: 'jobbar_document',
  undo: 'jobbar_undo',
} as const satisfies Record<Job['kind'], MessageKey>;

/** A running job as the editor's job bar shows it. */
export type RunningJob = BarJob<ImportSection> & { kind: Job['kind'] };

/** The target's slots as read (index 0 = slot 1) and its clearing text: the document view. */
export interface DocumentSlots {
  slots: readonly (PageOption | null)[];
  placeholder: string;
}

/** What the panel shows of its page: the worker and profile (jobs are the profile's), and its state. */
export interface ImportPage {
  send: Send;
  profileId: string;
  /** The editor's current target: what Export writes out and where a selection goes. */
  target: ReadonlySignal<Target | null>;
  premium: ReadonlySignal<boolean>;
  /** The account's buildings, to name a document's target and warn when it is not one of them. */
  buildings?: ReadonlySignal<readonly BuildingListEntry[] | null>;
  /** The account's factories, to name a factory target. */
  factories?: ReadonlySignal<readonly { id: string; name: string }[]>;
  /** The document view's slots; without them, no document part. */
  document?: ReadonlySignal<DocumentSlots | null>;
}

/** What the page gives the panel's model: the page, what it was opened for, its section. */
export interface ImportPanelInputs extends ImportPage {
  /** What the page was opened for: a page's payload (#import) or selected text (#selection). */
  intent?: Intent;
  /** The editor's section on screen (the panel shows its part of it); without one, every part. */
  section?: Signal<ImportSection>;
}

/**
 * Minutes left: the open slots' requests (a read and a write each) at the key's budget as the worker
 * knows it now (learned, announced or set), not extrapolated from the first slots (issue 35).
 */
function minutesLeft(job: Job, budget: Budget | null): number | null {
  const { settled, total } = progressOf(job);
  if (job.state !== 'running') return null;
  return Math.max(1, Math.ceil(minutesAt(2 * (total - settled), budget)));
}

export const ImportPanelModel = createModel((inputs: ImportPanelInputs) => {
  const { send, profileId } = inputs;
  const jobs = new JobModel(send, profileId);
  const check = new ImportCheckModel(send, inputs.intent ?? null, inputs.premium);
  const draft = new DocumentDraftModel();
  const section: ReadonlySignal<ImportSection | undefined> = inputs.section ?? signal(undefined);
  const document = inputs.document ?? signal(null);
  /** Where the check on screen was started: its result shows there. */
  const origin = signal<ImportSection>('import');
  /** Where the check on screen shows, or with none the job followed (a restore reopened: Backup). */
  const shownIn = computed(() => {
    const job = jobs.job.value;
    return job && check.check.value.status === 'idle' ? sectionOfJob(job, origin.value) : origin.value;
  });
  /** The id of a job started here once it shows (not one found running): it takes the view and focus. */
  const arrived = signal<string | null>(null);
  let startedHere = false;

  // The draft of the target whose document is shown, written before another one's is opened.
  const draftTarget = computed(() => (document.value ? inputs.target.value : null));
  const draftKey = computed(() =>
    draftTarget.value ? `${draftTarget.value.kind}:${draftTarget.value.id}` : '',
  );
  effect(() => {
    const key = draftKey.value;
    draft.open(profileId, key ? draftTarget.peek() : null);
  });
  const onScreen = computed(() => section.value === undefined || section.value === 'document');
  const documentPart = documentView(draft, {
    target: inputs.target,
    slots: document,
    onScreen,
    job: jobs.job,
  });

  /** The key's budget as the worker knows it, asked again as the running job settles slots. */
  const keyBudget = signal<Budget | null>(null);
  const settledCount = computed(() => {
    const job = jobs.job.value;
    return job?.state === 'running' ? progressOf(job).settled : -1;
  });
  effect(() => {
    if (settledCount.value < 0) return;
    void send('getRequestQueue', {}).then((answer) => {
      if (answer.ok) keyBudget.value = answer.value.queue?.budget ?? null;
    });
  });

  const jobId = computed(() => jobs.job.value?.id ?? null);
  effect(() => {
    const id = jobId.value;
    if (id && startedHere) {
      startedHere = false;
      arrived.value = id;
    }
  });

  /** Runs an action that may start a job: the job it starts is brought into view. */
  const starting =
    <A extends unknown[]>(run: (...args: A) => unknown) =>
    (...args: A) => {
      startedHere = true;
      void run(...args);
    };
  /** The section a check or job was started from, when the editor shows one at a time. */
  const from = (part: ImportSection) => {
    if (section.peek() !== undefined) origin.value = part;
  };

  return {
    /** What the panel shows of its page. */
    page: computed((): ImportPage => inputs),
    /** The current target by its building's or factory's name, when the page's lists know it. */
    targetName: computed(() => {
      const target = inputs.target.value;
      if (target?.kind === 'building') {
        const building = inputs.buildings?.value?.find((b) => b.id === target.id);
        return building && buildingName(building);
      }
      const factory = target && inputs.factories?.value.find((f) => f.id === target.id);
      return factory ? factoryName(factory) : undefined;
    }),
    jobs,
    check,
    draft,
    /** The document part while it is on screen: the slots shown, the stored document. */
    document: documentPart,
    section,
    shownIn,
    arrived,
    /** The running (or paused) job for the editor's job bar; null while none. */
    running: computed<RunningJob | null>(() => {
      const job = jobs.job.value;
      if (!job || (job.state !== 'running' && job.state !== 'paused')) return null;
      return {
        key: 'import',
        what: t(JOB_WORDS[job.kind]),
        kind: job.kind,
        ...progressOf(job),
        minutesLeft: minutesLeft(job, keyBudget.value),
        cancelling: jobs.busy.value === 'cancelling',
        cancel: () => void jobs.cancel(),
        section: shownIn.value,
      };
    }),
    /** A text to check, pasted or dropped in the import section. */
    checkText: () => (from('import'), check.checkText(check.text.peek())),
    dropText: (text: string) => (from('import'), check.load(text, null)),
    /** A file chosen in the import section, or as a backup to restore. */
    readFile: (file: File | undefined, part: 'import' | 'backup') => {
      from(part);
      void check.readFile(file);
    },
    previewSelection: (document: unknown) => (from('import'), void check.preview(document)),
    previewDocument: (...args: Parameters<typeof check.show>) => (from('document'), check.show(...args)),
    /** A large JSON that is no import document, taken into the document part as its text. */
    acceptDocument: () => {
      const offer = check.check.peek();
      if (offer.status !== 'offerDocument') return;
      draft.setText(prettyJson(offer.text) ?? offer.text);
      check.dismiss();
      if (inputs.section) inputs.section.value = 'document';
    },
    /** A slot's list too long for one slot (the records table), taken into the document part. */
    takeDocument: (text: string) => {
      draft.setText(prettyJson(text) ?? text);
      draft.table.show('table');
      if (inputs.section) inputs.section.value = 'document';
    },
    exportTarget: () => void jobs.exportTarget(inputs.target.peek()),
    /** The history's Undo of any kept import, shown in the section it was asked from. */
    undoJob: (id: string, part: 'import' | 'backup') => (from(part), jobs.undoJob(id)),
    confirm: starting(() => {
      const ready = check.check.peek();
      if (ready.status === 'ready') return jobs.start(ready, check.clear, check.finalSlot.peek());
    }),
    confirmTargets: starting((chosen: ReadyTargets) =>
      jobs.startTargets(chosen, check.clear, origin.peek() === 'backup' ? 'restore' : undefined),
    ),
    undo: starting(jobs.undo),
    clearWithPlaceholder: starting(jobs.clearWithPlaceholder),
  };
});

export type ImportPanelModel = InstanceType<typeof ImportPanelModel>;

/** A part of the panel: its model, which holds the page it shows (`model.page`). */
export interface PanelProps {
  model: ImportPanelModel;
}

/** The account's names as the panel's parts show them (a target by its building's or factory's name). */
export const namesOf = (page: ImportPage) => ({
  buildings: page.buildings?.value ?? null,
  factories: page.factories?.value ?? [],
});
