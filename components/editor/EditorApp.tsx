/**
 * The full editor in sections, one click apart (tabs after the ARIA pattern): Slots, Import &
 * export, Document, Backup & restore. The target picker and the request-limit notice sit above
 * them, the bar of running jobs below, in view whichever section is shown.
 */
import { computed, useModel, useSignal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { valueOf } from '../../lib/loadable';
import { useBackup } from '../backup/backup-model';
import { BackupPanel } from '../backup/BackupPanel';
import { EDITOR_PLACES, HeaderActions, openSettings } from '../dashboard/HeaderActions';
import { PageHeader } from '../dashboard/PageHeader';
import { Tabs } from '../dashboard/Tabs';
import type { Intent } from '../import/import-check-model';
import { type ImportPage, type ImportSection, ImportPanelModel } from '../import/import-panel-model';
import { ImportPanel } from '../import/ImportPanel';
import type { ProfileState } from '../page/mount';
import { ProfileSwitcher } from '../profile/ProfileSwitcher';
import { LazyRateLimitNotice } from '../LazyRateLimitNotice';
import { SlotWorkspace } from '../slots/SlotWorkspace';
import { TargetPicker } from '../slots/TargetPicker';
import { Workspace } from '../slots/workspace';
import type { PageContext } from '../page/context';
import { buildingName, factoryName } from '../../lib/names';
import { RunningJobs } from './RunningJobs';
import './editor.css';

export type EditorSection = ImportSection;

const SECTIONS = [
  { key: 'slots', label: 'editor_tab_slots' },
  { key: 'import', label: 'editor_tab_import' },
  { key: 'document', label: 'editor_tab_document' },
  { key: 'backup', label: 'editor_tab_backup' },
] as const;

/** The section a link opens: #import-export, #import and #selection (handed over), #document, #backup. */
export function sectionOf(hash: string): EditorSection {
  if (hash === '#import-export' || hash === '#import' || hash === '#selection') return 'import';
  if (hash === '#document') return 'document';
  if (hash === '#backup' || hash === '#restore') return 'backup';
  return 'slots';
}

export interface EditorAppProps {
  page: PageContext;
  profiles: ProfileState;
  intent: Intent;
  section: EditorSection;
}

/** What the import panel shows of the editor's page: its target, names and slots as signals. */
function importPage(page: PageContext, workspace: Workspace): ImportPage {
  const buildings = computed(() => valueOf(page.buildings.list.value));
  return {
    send: page.send,
    profileId: page.profileId,
    target: page.current.target,
    targetName: computed(() => {
      const target = page.current.target.value;
      if (target?.kind === 'building') {
        const building = buildings.value?.find((b) => b.id === target.id);
        return building && buildingName(building);
      }
      const factory = target && page.factories.all.value.find((f) => f.id === target.id);
      return factory ? factoryName(factory) : undefined;
    }),
    premium: page.premium,
    buildings,
    factories: page.factories.all,
    document: computed(() => ({
      slots: workspace.reads.slots.value.map((model) => model.server.value),
      placeholder: page.placeholder.value.value,
    })),
  };
}

export function EditorApp({ page, profiles, intent, section: initial }: EditorAppProps) {
  // One workspace for the page's sections (the slots, the import panel's document), made once:
  // a profile switch or a sign-out mounts the editor anew on a new page context.
  const workspace = useModel(() => new Workspace(page));
  const section = useSignal<EditorSection>(initial);
  const backup = useBackup(page.send, page.profileId);
  const panelPage = useMemo(() => importPage(page, workspace), [page, workspace]);
  const imports = useModel(() => new ImportPanelModel({ ...panelPage, intent, section }));
  useEffect(() => {
    workspace.asDocument.value = imports.takeDocument;
    return () => void (workspace.asDocument.value = null);
  }, [imports]);
  const show = (next: EditorSection) => {
    section.value = next;
  };
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
        {active === 'backup' && <BackupPanel send={page.send} profileId={page.profileId} backup={backup} />}
        <ImportPanel model={imports} page={panelPage} />
      </Tabs>
      <RunningJobs running={imports.running} backup={backup} show={show} />
    </div>
  );
}
