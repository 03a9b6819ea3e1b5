import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Tag, TagPage } from '@shared/api/tags';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import TagsScreen from './tags-screen';

function tag(overrides: Partial<Tag> & { id: string; name: string }): Tag {
  return { color: '#1976d2', type: 'manual', createdAt: '2026-03-01T10:00:00.000Z', deletedAt: null, contactCount: 0, ...overrides };
}

const vip = tag({ id: 't-1', name: 'VIP', color: '#d32f2f', contactCount: 12 });
const expo = tag({ id: 't-2', name: 'Dubai Expo', type: 'csv_import', contactCount: 1500 });
const old = tag({ id: 't-3', name: 'Old Newsletter', deletedAt: '2026-03-05T10:00:00.000Z' });

function answers(data: Tag[] = [vip, expo, old], total = data.length) {
  const seen: URL[] = [];
  server.use(
    http.get(apiUrl('/tags'), ({ request }) => {
      seen.push(new URL(request.url));
      const page: TagPage = { data, pagination: { page: 1, limit: 10, total, totalPages: Math.ceil(total / 10), hasNext: total > 10 } };
      return HttpResponse.json(page);
    }),
  );
  return seen;
}

async function rowOf(name: string): Promise<HTMLElement> {
  return (await screen.findByText(name)).closest('[role="row"]') as HTMLElement;
}

describe('Tags screen', () => {
  it('lists tags 10 a page, deleted ones included and marked, with type and contact count', async () => {
    const seen = answers([vip, expo, old], 23);
    renderWithProviders(<TagsScreen />, { user: sessionUser() });
    const row = await rowOf('Dubai Expo');
    expect(within(row).getByText('CSV import')).toBeInTheDocument();
    expect(within(row).getByText('1,500')).toBeInTheDocument();
    expect(within(await rowOf('VIP')).getByText('Manual')).toBeInTheDocument();
    const deleted = await rowOf('Old Newsletter');
    expect(within(deleted).getByText('Deleted')).toBeInTheDocument();
    expect(within(deleted).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Restore tag Old Newsletter']);
    expect(seen[0].searchParams.get('limit')).toBe('10');
    expect(seen[0].searchParams.get('includeDeleted')).toBe('true');
    expect(screen.getByText(/1–10 of 23/)).toBeInTheDocument();
  });

  it('creates a tag with the default colour #1976d2, checking the name with the shared rules', async () => {
    answers();
    let sent: unknown;
    server.use(
      http.post(apiUrl('/tags'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(tag({ id: 't-9', name: 'Wholesale' }), { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<TagsScreen />, { user: sessionUser() });
    await user.click(await screen.findByRole('button', { name: 'Create Tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Tag' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(20);
    expect(within(dialog).getByRole('radio', { name: '#1976d2' })).toHaveAttribute('aria-checked', 'true');

    await user.type(within(dialog).getByRole('textbox', { name: /Tag Name/ }), 'Whole$ale');
    await user.click(within(dialog).getByRole('button', { name: 'Create Tag' }));
    expect(await within(dialog).findByText('Tag name can only contain letters, numbers, spaces, dots, underscores, and hyphens')).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('textbox', { name: /Tag Name/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Tag Name/ }), 'Wholesale');
    await user.click(within(dialog).getByRole('radio', { name: '#388e3c' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Tag' }));
    expect(await screen.findByText('Tag created successfully')).toBeInTheDocument();
    expect(sent).toEqual({ name: 'Wholesale', color: '#388e3c' });
  });

  it('refuses a malformed colour code', async () => {
    answers();
    const { user } = renderWithProviders(<TagsScreen />, { user: sessionUser() });
    await user.click(await screen.findByRole('button', { name: 'Create Tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Tag' });
    await user.type(within(dialog).getByRole('textbox', { name: /Tag Name/ }), 'Leads');
    const hex = within(dialog).getByRole('textbox', { name: 'Hex code' });
    await user.clear(hex);
    await user.type(hex, '#12zz45');
    await user.click(within(dialog).getByRole('button', { name: 'Create Tag' }));
    expect(await within(dialog).findByText('Invalid color format')).toBeInTheDocument();
  });

  it('deletes after the confirmation, and restores', async () => {
    answers();
    const calls: string[] = [];
    server.use(
      http.delete(apiUrl('/tags/t-1'), () => {
        calls.push('delete t-1');
        return HttpResponse.json({ ...vip, deletedAt: '2026-03-06T00:00:00.000Z' });
      }),
      http.patch(apiUrl('/tags/t-3/undelete'), () => {
        calls.push('restore t-3');
        return HttpResponse.json({ ...old, deletedAt: null });
      }),
    );
    const { user } = renderWithProviders(<TagsScreen />, { user: sessionUser() });
    await user.click(within(await rowOf('VIP')).getByRole('button', { name: 'Delete tag VIP' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Tag' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete the tag "VIP"?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Tag deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Tag' })).not.toBeInTheDocument());

    await user.click(within(await rowOf('Old Newsletter')).getByRole('button', { name: 'Restore tag Old Newsletter' }));
    expect(await screen.findByText('Tag restored successfully')).toBeInTheDocument();
    expect(calls).toEqual(['delete t-1', 'restore t-3']);
  });

  it('edits a tag with its values prefilled', async () => {
    answers();
    let sent: unknown;
    server.use(
      http.put(apiUrl('/tags/t-1'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...vip, name: 'VIP Gold' });
      }),
    );
    const { user } = renderWithProviders(<TagsScreen />, { user: sessionUser() });
    await user.click(within(await rowOf('VIP')).getByRole('button', { name: 'Edit tag VIP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tag' });
    expect(within(dialog).getByRole('radio', { name: '#d32f2f' })).toHaveAttribute('aria-checked', 'true');
    await user.type(within(dialog).getByRole('textbox', { name: /Tag Name/ }), ' Gold');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Tag updated successfully')).toBeInTheDocument();
    expect(sent).toEqual({ name: 'VIP Gold', color: '#d32f2f' });
  });

  it('shows a failure toast when the server refuses', async () => {
    answers();
    server.use(http.post(apiUrl('/tags'), () => HttpResponse.json({ error: 'A tag named "VIP" already exists' }, { status: 409 })));
    const { user } = renderWithProviders(<TagsScreen />, { user: sessionUser() });
    await user.click(await screen.findByRole('button', { name: 'Create Tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Tag' });
    await user.type(within(dialog).getByRole('textbox', { name: /Tag Name/ }), 'vip');
    await user.click(within(dialog).getByRole('button', { name: 'Create Tag' }));
    expect(await screen.findByText('A tag named "VIP" already exists')).toBeInTheDocument();
  });

  it('is read-only without contacts:tag', async () => {
    answers();
    renderWithProviders(<TagsScreen />, { user: sessionUser({ permissions: ['contacts:view'] }) });
    expect(await rowOf('VIP')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Tag' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete tag/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Restore tag/ })).not.toBeInTheDocument();
  });
});
