/** A check's result: its status or problems, a large JSON offered as a document, or its preview. */
import { CheckStatus } from './CheckStatus';
import { DocumentOffer } from './DocumentOffer';
import { type PanelProps, namesOf } from './import-panel-model';
import { PreviewSection } from './PreviewSection';
import { TargetPreview } from './TargetPreview';

export function CheckResult({ model }: PanelProps) {
  const page = model.page.value;
  const { check } = model;
  const shown = check.check.value;
  const names = namesOf(page);
  const starting = model.jobs.busy.value === 'starting';
  return (
    <>
      <CheckStatus check={shown} />
      {shown.status === 'offerDocument' && (
        <DocumentOffer
          length={shown.text.length}
          onAccept={page.target.value && page.document?.value ? model.acceptDocument : undefined}
        />
      )}
      {shown.status === 'ready' && (
        <PreviewSection
          preview={shown}
          {...names}
          starting={starting}
          onReadCurrent={check.readCurrent}
          onConfirm={model.confirm}
          onCancel={check.dismiss}
        />
      )}
      {shown.status === 'targets' && (
        <TargetPreview
          preview={shown.preview}
          {...names}
          starting={starting}
          onReadCurrent={check.readCurrent}
          onConfirm={model.confirmTargets}
          onCancel={check.dismiss}
        />
      )}
    </>
  );
}
