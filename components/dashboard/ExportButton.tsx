/** A button that builds a CSV file and offers it for download, with a note when the export is partial. */
import { useState } from 'preact/hooks';
import { download } from '../shared/csv-download';

export interface ExportButtonProps {
  label: string;
  /** The file's name and text, and a note to show beside the button (e.g. "225 of 230"). */
  build: () => Promise<{ name: string; text: string; note?: string }>;
}

export function ExportButton({ label, build }: ExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    try {
      const file = await build();
      download(file.name, file.text);
      setNote(file.note ?? null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="export">
      <button type="button" class="button" disabled={busy} onClick={() => void run()}>
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
