import { type LinesEditorProps, LinesEditor as SharedLinesEditor } from '../../components/lines-editor/LinesEditor';

export { amountOf, previewLines } from '../../components/lines-editor/line-amount';

/** 受注取引の明細: the shared lines editor (at least one row; an invoice's free lines pass minRows 0). */
export function LinesEditor(props: LinesEditorProps) {
  return <SharedLinesEditor minRows={1} {...props} />;
}
