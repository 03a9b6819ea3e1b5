/**
 * Puts text on the clipboard. The text may still be on its way (a link the server is issuing):
 * browsers only let a page write to the clipboard while handling the click, so a ClipboardItem is
 * handed over at once and filled when the text arrives; where that is not supported, the text is
 * written when it comes. Rejects when the clipboard refused, or the text could not be had.
 */
export async function copyToClipboard(text: string | Promise<string>): Promise<void> {
  // Whatever path is taken below, a text that fails to arrive must not also surface as an unhandled rejection.
  if (typeof text !== 'string') text.catch(() => undefined);
  const clipboard = navigator.clipboard;
  if (!clipboard) throw new Error('The clipboard is not available');
  if (typeof text === 'string') return clipboard.writeText(text);
  if (typeof ClipboardItem !== 'undefined' && typeof clipboard.write === 'function') {
    try {
      await clipboard.write([new ClipboardItem({ 'text/plain': text.then((t) => new Blob([t], { type: 'text/plain' })) })]);
      return;
    } catch {
      // Some browsers accept only ready data in a ClipboardItem: fall through to writing the text.
    }
  }
  await clipboard.writeText(await text);
}
