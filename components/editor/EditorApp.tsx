/**
 * The full editor in sections, one click apart (tabs after the ARIA pattern): Slots, Import &
 * export, Document, Backup & restore. The target picker and the request-limit notice sit above
 * them, the bar of running jobs below, in view whichever section is shown.
 */
import { computed, useModel, useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { valueOf } from '../../lib/loadable';
import { useBackup } from '../jobs/backup-model';
import { BackupTab } from '../backup/BackupTab';
import { EDITOR_PLACES, HeaderActions, openSettings } from '../dashboard/HeaderActions';
import { PageHeader } from '../dashboard/PageHeader';
import { Tabs } from '../dashboard/Tabs';
import type { Intent } from '../import/import-check-model';
import { type ImportSection, ImportPanelModel } from '../import/import-panel-model';
import { ImportPanel } from '../import/ImportPanel';
import type { ProfileState } from '../page/mount';
import { ProfileSwitcher } from '../profile/ProfileSwitcher';
import { LazyRateLimitNotice } from '../LazyRateLimitNotice';
import { SlotWorkspace } from '../slots/SlotWorkspace';
import { TargetPicker } from '../slots/TargetPicker';
import { Workspace } from '../slots/workspace';
import type { PageContext } from '../page/context';
import { RunningJobs } from './RunningJobs';
import { SECTIONS } from './sections';
import './editor.css';

export interface EditorAppProps {
  page: PageContext;
  profiles: ProfileState;
  intent: Intent;
  section: ImportSection;
}

export function EditorApp({ page, profiles, intent, section: initial }: EditorAppProps) {
  // One workspace for the page's sections (the slots, the import panel's document), made once:
  // a profile switch or a sign-out mounts the editor anew on a new page context.
  const workspace = useModel(() => new Workspace(page));
  const section = useSignal<ImportSection>(initial);
  const backup = useBackup(page.send, page.profileId);
  // The import panel on the page's own state: its target, names and the slots as read.
  const imports = useModel(
    () =>
      new ImportPanelModel({
        send: page.send,
        profileId: page.profileId,
        target: page.current.target,
        premium: page.premium,
        buildings: computed(() => valueOf(page.buildings.list.value)),
        factories: page.factories.all,
        document: computed(() => ({
          slots: workspace.reads.slots.value.map((model) => model.server.value),
          placeholder: page.placeholder.value.value,
        })),
        intent,
        section,
      }),
  );
  useEffect(() => {
    workspace.asDocument.value = imports.takeDocument;
    return () => void (workspace.asDocument.value = null);
  }, [imports]);
  const show = (next: ImportSection) => void (section.value = next);
  const active = section.value;

  return (
    <div class="editor">
      <PageHeader layout="full">
        <ProfileSwitcher state={profiles} />
        <HeaderActions offer={{ sidePanel: true }} closeAfterOpening={false} places={EDITOR_PLACES} inPlace />
      </PageHeader>
      <TargetPicker page={page} onOpenSettings={() => openSettings(false)} />
      <LazyRateLimitNotice send={page.send} />
      <Tabs
        label={t('editor_sections')}
        tabs={SECTIONS.map((s) => ({ key: s.key, label: t(s.label) }))}
        active={active}
        onChange={show}
      >
        <div hidden={active !== 'slots'}>
          <SlotWorkspace layout="full" page={page} workspace={workspace} inEditor />
        </div>
        {active === 'backup' && <BackupTab backup={backup} imports={imports} />}
        <ImportPanel model={imports} />
      </Tabs>
      <RunningJobs bars={[imports.running, backup.bar]} show={show} />
    </div>
  );
}
