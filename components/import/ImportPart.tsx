/**
 * The import section: what the format is, a selection handed over by the context menu, and where a
 * document comes from (a file, a drop, a paste), with Check and Export.
 */
import { useId } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { LazyRateLimitNotice } from '../LazyRateLimitNotice';
import type { PanelProps } from './import-panel-model';
import { ImportSources } from './ImportSources';
import { SelectionForm } from './SelectionForm';

/** The import format in a few words and an example, in place of a pointer to the README. */
function FormatHelp() {
  return (
    <details class="import__format">
      <summary>{t('import_formatSummary')}</summary>
      <p class="hint">{t('import_formatHelp')}</p>
      <pre class="import__example">
        <code>{FORMAT_EXAMPLE}</code>
      </pre>
    </details>
  );
}

const FORMAT_EXAMPLE = `{
  "target": { "kind": "building", "id": "b-1001" },
  "slots": [
    { "slot": 1, "title": "Opening hours", "data": "Mo–Fr 9–18" },
    { "slot": 2, "title": "Prices", "data": { "room": 120 } }
  ]
}`;

export function ImportPart({ model }: PanelProps) {
  const page = model.page.value;
  const heading = useId();
  const { check, jobs } = model;
  const target = page.target.value;
  const selection = check.selection.value;
  const busy = jobs.busy.value;
  // Without the editor's sections (whose notice sits above them), the panel shows the wait itself.
  const waiting = model.section.value === undefined && (busy !== null || jobs.job.value?.state === 'running');
  return (
    <section class="import__part" aria-labelledby={heading}>
      <h2 id={heading}>{t('import_heading')}</h2>
      <p class="hint">{t('import_intro')}</p>
      <FormatHelp />
      {waiting && <LazyRateLimitNotice send={page.send} />}
      {selection !== null && (
        <SelectionForm
          text={selection}
          target={target}
          targetName={model.targetName.value}
          premium={page.premium.value}
          send={page.send}
          onPreview={model.previewSelection}
          onCancel={check.closeSelection}
        />
      )}
      <ImportSources
        text={check.text.value}
        onText={check.setText}
        onFile={(file) => model.readFile(file, 'import')}
        onDropText={model.dropText}
        onCheck={model.checkText}
        exportDisabled={!target || busy === 'exporting'}
        onExport={model.exportTarget}
      />
    </section>
  );
}
