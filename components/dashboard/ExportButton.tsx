/** A button that builds a CSV file and offers it for download, with a note when the export is partial. */
import { createModel, signal, useModel } from '@preact/signals';
import { download } from '../shared/csv-download';

/** The file's name and text, and a note to show beside the button (e.g. "225 of 230"). */
type Build = () => Promise<{ name: string; text: string; note?: string }>;

/** One export's state: busy while the file is built, then the note it left. */
const ExportModel = createModel(() => {
  const busy = signal(false);
  const note = signal<string | null>(null);
  return {
    busy,
    note,
    async run(build: Build): Promise<void> {
      busy.value = true;
      try {
        const file = await build();
        download(file.name, file.text);
        note.value = file.note ?? null;
      } finally {
        busy.value = false;
      }
    },
  };
});

export function ExportButton({ label, build }: { label: string; build: Build }) {
  const model = useModel(ExportModel);
  const note = model.note.value;
  return (
    <div class="export">
      <button type="button" class="button" disabled={model.busy.value} onClick={() => void model.run(build)}>
        {label}
      </button>
      {note && (
        <p role="status" class="export__note">
          {note}
        </p>
      )}
    </div>
  );
}
