import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import { conversation, message, mockInbox } from '../testing/inbox-api';
import { renderInbox } from '../testing/render-inbox';

// jsdom lays nothing out, so the library's virtualized grid shows no emoji here: a stand-in offers one
// (the browser tests use the real one). It is still loaded through the lazy import.
jest.mock('./emoji-picker-panel', () => ({
  __esModule: true,
  default: ({ onPick }: { onPick: (emoji: string) => void }) => (
    <button type="button" onClick={() => onPick('😀')}>
      grinning face
    </button>
  ),
}));

const aisha = conversation({ id: 'v-1' });

async function openChat() {
  mockInbox({ conversations: [aisha], messages: { 'v-1': [message('v-1', 1, { content: 'Hello from Aisha' })] } });
  const rendered = renderInbox('/conversations/contact-v-1');
  const box = await screen.findByRole('textbox', { name: 'Message' });
  await waitFor(() => expect(box).toBeEnabled());
  return { ...rendered, box: box as HTMLTextAreaElement };
}

describe('the emoji picker', () => {
  it('loads when opened, inserts the chosen emoji at the caret and gives the box back its focus', async () => {
    const { user, box } = await openChat();
    await user.type(box, 'See you');
    box.setSelectionRange(3, 3);
    await user.click(screen.getByRole('button', { name: 'Insert emoji' }));
    const picker = await screen.findByRole('dialog', { name: 'Emoji picker' });
    await user.click(await within(picker).findByRole('button', { name: 'grinning face' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Emoji picker' })).not.toBeInTheDocument());
    expect(box).toHaveValue('See😀 you');
    expect(box).toHaveFocus();
    expect(box.selectionStart).toBe(3 + '😀'.length);
  });

  it('Escape closes it and returns focus to its button', async () => {
    const { user } = await openChat();
    const button = screen.getByRole('button', { name: 'Insert emoji' });
    await user.click(button);
    await screen.findByRole('dialog', { name: 'Emoji picker' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Emoji picker' })).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('a picked image', () => {
  it('shows a thumbnail with alt text before it is sent, and its object URL is revoked when removed', async () => {
    const created: string[] = [];
    const revoked: string[] = [];
    URL.createObjectURL = jest.fn(() => {
      created.push(`blob:thumb-${created.length}`);
      return created[created.length - 1];
    });
    URL.revokeObjectURL = jest.fn((url: string) => void revoked.push(url));
    const { user } = await openChat();
    const photo = new NodeFile([new Uint8Array(1024)], 'parcel.jpg', { type: 'image/jpeg' }) as unknown as File;
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, photo);

    const form = await screen.findByRole('form', { name: 'Send a file' });
    const thumbnail = within(form).getByRole('img', { name: 'Preview of parcel.jpg' });
    expect(thumbnail).toHaveAttribute('src', created[0]);
    expect(revoked).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Remove file' }));
    expect(screen.queryByRole('img', { name: 'Preview of parcel.jpg' })).not.toBeInTheDocument();
    expect(revoked).toEqual([created[0]]);
  });

  it('a document shows no thumbnail', async () => {
    const { user } = await openChat();
    const pdf = new NodeFile([new Uint8Array(1024)], 'invoice.pdf', { type: 'application/pdf' }) as unknown as File;
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, pdf);
    const form = await screen.findByRole('form', { name: 'Send a file' });
    expect(within(form).getByText('invoice.pdf')).toBeInTheDocument();
    expect(within(form).queryByRole('img')).not.toBeInTheDocument();
  });
});
