/** The text with `inserted` in place of the selection [start, end), and the caret right after it. */
export function insertAtSelection(text: string, selection: { start: number; end: number }, inserted: string): { text: string; caret: number } {
  return { text: text.slice(0, selection.start) + inserted + text.slice(selection.end), caret: selection.start + inserted.length };
}
