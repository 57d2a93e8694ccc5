/** The document views' texts: a stored document's problems and a layout's problem, localized. */
import { t } from '../../lib/i18n';
import type { DocumentLayout, LayoutProblem } from '../../lib/slots/document-layout';
import type { DocumentProblem } from '../../lib/slots/document-read';

export function describeDocumentProblem(problem: DocumentProblem, layout: DocumentLayout): string {
  const slot = String(layout.manifestSlot);
  switch (problem.kind) {
    case 'manifestNotJson':
      return t('doc_problem_manifestNotJson', [slot, problem.detail]);
    case 'manifestKeys':
      return t('doc_problem_manifestKeys', [slot, layout.countKey, layout.lengthKey]);
    case 'pastLastSlot':
      return t('doc_problem_pastLastSlot', [String(problem.count), String(problem.slots)]);
    case 'pieceMissing':
      return t('doc_problem_pieceMissing', [String(problem.index), String(problem.slot), problem.title]);
    case 'pieceUnreadable':
      return t('doc_problem_pieceUnreadable', [String(problem.index), String(problem.slot)]);
    case 'lengthMismatch':
      return t('doc_problem_lengthMismatch', [String(problem.expected), String(problem.actual)]);
    case 'pieceChanged':
      return t('doc_problem_pieceChanged', [
        String(problem.index),
        String(problem.slot),
        problem.pieceTime,
        problem.manifestTime,
      ]);
  }
}

const LAYOUT_KEYS = {
  prefixBlank: 'doc_layout_prefixBlank',
  prefixLong: 'doc_layout_prefixLong',
  manifestSlot: 'doc_layout_manifestSlot',
  pieceSize: 'doc_layout_pieceSize',
  keys: 'doc_layout_keys',
} as const;

export const describeLayoutProblem = (problem: LayoutProblem) => t(LAYOUT_KEYS[problem]);
