import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { PermissionsResponse, RoleDto, RoleRequest } from '@shared/api/roles';
import { PERMISSIONS, permissionsByCategory, type Permission } from '@shared/permissions/catalogue';
import { ROLE_TEMPLATES } from '@shared/permissions/role-templates';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import RolesTab from './roles-tab';

const dto = ({ id, name, description }: { id: string; name: string; description: string }) => ({ id, name, description });
const catalogue: PermissionsResponse = {
  permissions: Object.fromEntries(Object.entries(permissionsByCategory()).map(([c, list]) => [c, list.map(dto)])),
  allPermissions: PERMISSIONS.map(dto),
};

const ids = (list: readonly string[]) => list.map((id) => ({ id }));
const adminRole: RoleDto = {
  id: 'r-admin', name: 'Admin', description: 'Full access', isSystemRole: true, memberCount: 1, permissions: ids(PERMISSIONS.map((p) => p.id)),
};
const supportRole: RoleDto = {
  id: 'r-support', name: 'Support', description: 'Answers chats', isSystemRole: false, memberCount: 2, permissions: ids(['chats:view', 'chats:respond']),
};
const emptyRole: RoleDto = {
  id: 'r-empty', name: 'Night Shift', description: 'Nobody yet', isSystemRole: false, memberCount: 0, permissions: ids(['chats:view']),
};

function answers(roles: RoleDto[] = [adminRole, supportRole, emptyRole]) {
  server.use(
    http.get(apiUrl('/roles'), () => HttpResponse.json({ roles })),
    http.get(apiUrl('/roles/permissions'), () => HttpResponse.json(catalogue)),
  );
}

function renderTab(permissions?: Permission[]) {
  const user = sessionUser(permissions ? { permissions } : {});
  return renderWithProviders(<RolesTab />, { user });
}

async function rowOf(name: string) {
  const cell = await screen.findByText(name, { selector: 'p' });
  return cell.closest('[role="row"]') as HTMLElement;
}

function toastWith(text: string) {
  return screen.findByText(text).then((node) => node.closest('[role="alert"]') as HTMLElement);
}

async function openCreate(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Create Role' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create New Role' });
  await within(dialog).findByRole('button', { name: /^Chats permissions/ });
  return dialog;
}

describe('Roles tab', () => {
  it('shows the Role Management table with badges, counts and protection', async () => {
    answers();
    renderTab();
    expect(screen.getByRole('heading', { name: 'Role Management' })).toBeInTheDocument();
    expect(screen.getByText(/Use templates to create roles quickly/)).toHaveTextContent('Roles with active members cannot be deleted');
    const admin = await rowOf('Admin');
    expect(within(admin).getByText('System Role')).toBeInTheDocument();
    expect(within(admin).getByText('Protected')).toBeInTheDocument();
    expect(within(admin).getByText(String(PERMISSIONS.length))).toBeInTheDocument();
    expect(within(admin).queryByRole('button')).not.toBeInTheDocument();

    const support = await rowOf('Support');
    expect(within(support).queryByText('System Role')).not.toBeInTheDocument();
    expect(within(support).getByText('Answers chats')).toBeInTheDocument();
    expect(within(support).getByRole('button', { name: 'Edit Support' })).toBeEnabled();
    expect(within(support).getByRole('button', { name: 'Delete Support' })).toBeDisabled();
    expect(within(await rowOf('Night Shift')).getByRole('button', { name: 'Delete Night Shift' })).toBeEnabled();
  });

  it('explains why a role with members cannot be deleted', async () => {
    answers();
    const { user } = renderTab();
    const support = await rowOf('Support');
    await user.click(within(support).getByRole('button', { name: 'Delete Support' }).parentElement!);
    const toast = await toastWith('This role has 2 member(s). Reassign them first.');
    expect(within(toast).getByText('Cannot Delete')).toBeInTheDocument();
  });

  it('deletes a role after the confirmation', async () => {
    let roles = [adminRole, supportRole, emptyRole];
    answers();
    server.use(
      http.get(apiUrl('/roles'), () => HttpResponse.json({ roles })),
      http.delete(apiUrl('/roles/r-empty'), () => {
        roles = roles.filter((r) => r.id !== 'r-empty');
        return HttpResponse.json({ message: 'Role deleted successfully' });
      }),
    );
    const { user } = renderTab();
    await user.click(within(await rowOf('Night Shift')).getByRole('button', { name: 'Delete Night Shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Role' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete the role "Night Shift"?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(await toastWith('Role deleted successfully')).getByText('Success')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Night Shift', { selector: 'p' })).not.toBeInTheDocument());
  });

  it('reports a failed deletion', async () => {
    answers();
    server.use(http.delete(apiUrl('/roles/r-empty'), () => HttpResponse.json({}, { status: 400 })));
    const { user } = renderTab();
    await user.click(within(await rowOf('Night Shift')).getByRole('button', { name: 'Delete Night Shift' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Role' })).getByRole('button', { name: 'Delete' }));
    expect(within(await toastWith('Failed to delete role')).getByText('Error')).toBeInTheDocument();
  });

  it('hides what the user may not do', async () => {
    answers();
    renderTab(['roles:view']);
    const support = await rowOf('Support');
    expect(within(support).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Role' })).not.toBeInTheDocument();
  });

  it('lists what is missing in one Validation Error toast', async () => {
    answers();
    const { user } = renderTab();
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create Role' }));
    const toast = await toastWith('Please fill in: Role Name, Description, at least one Permission');
    expect(within(toast).getByText('Validation Error')).toBeInTheDocument();
  });

  it('creates a role from a template; select-all, indeterminate state and counts follow the choices', async () => {
    answers();
    let sent: RoleRequest | undefined;
    server.use(
      http.post(apiUrl('/roles'), async ({ request }) => {
        sent = (await request.json()) as RoleRequest;
        return HttpResponse.json({ message: 'Role created successfully', role: { ...emptyRole, id: 'r-new' } }, { status: 201 });
      }),
    );
    const { user } = renderTab();
    const dialog = await openCreate(user);
    const total = PERMISSIONS.length;
    expect(within(dialog).getByText(`0 of ${total} permissions selected`)).toBeInTheDocument();

    // The template select is searchable and shows each template's description and permission count.
    const templateInput = within(dialog).getByRole('combobox', { name: 'Template (optional)' });
    await user.type(templateInput, 'chat');
    const chatAgent = ROLE_TEMPLATES.find((t) => t.id === 'chat-agent')!;
    const option = await screen.findByRole('option', { name: new RegExp(`^${chatAgent.name}`) });
    expect(option).toHaveTextContent(chatAgent.description);
    expect(option).toHaveTextContent(`${chatAgent.permissions.length} permissions`);
    expect(screen.queryByRole('option', { name: /^Marketing Manager/ })).not.toBeInTheDocument();
    await user.click(option);

    expect(within(dialog).getByLabelText(/Role Name/)).toHaveValue('Chat Agent');
    expect(within(dialog).getByLabelText(/Description/)).toHaveValue(chatAgent.description);
    expect(within(dialog).getByText(`7 of ${total} permissions selected`)).toBeInTheDocument();
    const chatsGroup = within(dialog).getByRole('button', { name: /^Chats permissions/ });
    const chats = within(dialog).getByLabelText('Select all Chats permissions');
    expect(chats).toHaveAttribute('data-indeterminate', 'true');
    expect(within(chatsGroup).getByText('2/5')).toBeInTheDocument();

    await user.click(chats);
    expect(chats).toBeChecked();
    expect(within(chatsGroup).getByText('5/5')).toBeInTheDocument();
    expect(within(dialog).getByText(`10 of ${total} permissions selected`)).toBeInTheDocument();
    await user.click(chats);
    expect(chats).not.toBeChecked();
    expect(chats).toHaveAttribute('data-indeterminate', 'false');
    expect(within(chatsGroup).getByText('0/5')).toBeInTheDocument();
    expect(within(dialog).getByText(`5 of ${total} permissions selected`)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/Role Name/));
    await user.click(within(dialog).getByLabelText(/Role Name/));
    await user.paste('Front Desk');
    await user.click(within(dialog).getByRole('button', { name: 'Create Role' }));

    expect(within(await toastWith('Role created successfully')).getByText('Success')).toBeInTheDocument();
    expect(sent?.name).toBe('Front Desk');
    expect(sent?.description).toBe(chatAgent.description);
    expect([...(sent?.permissions ?? [])].sort()).toEqual(
      ['messages:view', 'messages:send', 'contacts:view', 'contacts:create', 'templates:view'].sort(),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Role' })).not.toBeInTheDocument());
  });

  it('ticks single permissions by hand', async () => {
    answers();
    const { user } = renderTab();
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('button', { name: /^Settings permissions/ }));
    const settingsView = await within(dialog).findByRole('checkbox', { name: /^settings:view\s/ });
    await user.click(settingsView);
    expect(settingsView).toBeChecked();
    expect(within(dialog).getByLabelText('Select all Settings permissions')).toBeChecked();
    expect(within(dialog).getByText(`1 of ${PERMISSIONS.length} permissions selected`)).toBeInTheDocument();
  });

  it('shows the server reason when a role cannot be created', async () => {
    answers();
    server.use(http.post(apiUrl('/roles'), () => HttpResponse.json({ error: 'A role with this name already exists' }, { status: 409 })));
    const { user } = renderTab();
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('combobox', { name: 'Template (optional)' }));
    await user.click(await screen.findByRole('option', { name: /^Quality Analyst/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Role' }));
    expect(within(await toastWith('A role with this name already exists')).getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create New Role' })).toBeInTheDocument();
  });

  it('edits a role prefilled from it, and re-reads the session when it is the user\'s own role', async () => {
    answers();
    let sent: RoleRequest | undefined;
    let sessionChecks = 0;
    server.use(
      http.put(apiUrl('/roles/r-support'), async ({ request }) => {
        sent = (await request.json()) as RoleRequest;
        return HttpResponse.json({ message: 'Role updated successfully', role: supportRole });
      }),
      http.get(apiUrl('/auth/verify'), () => {
        sessionChecks += 1;
        return HttpResponse.json({ user: sessionUser() });
      }),
    );
    const own = sessionUser();
    own.organization!.role = { id: 'r-support', name: 'Support', description: null };
    const { user } = renderWithProviders(<RolesTab />, { user: own });
    await user.click(within(await rowOf('Support')).getByRole('button', { name: 'Edit Support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Role' });
    expect(within(dialog).queryByRole('combobox', { name: 'Template (optional)' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Role Name/)).toHaveValue('Support');
    expect(within(dialog).getByLabelText(/Description/)).toHaveValue('Answers chats');
    const chatsGroup = await within(dialog).findByRole('button', { name: /^Chats permissions/ });
    expect(within(chatsGroup).getByText('2/5')).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText(/Description/));
    await user.paste(' and more');
    await user.click(within(dialog).getByRole('button', { name: 'Update Role' }));
    expect(within(await toastWith('Role updated successfully')).getByText('Success')).toBeInTheDocument();
    expect(sent).toEqual({ id: 'r-support', name: 'Support', description: 'Answers chats and more', permissions: ['chats:view', 'chats:respond'] });
    await waitFor(() => expect(sessionChecks).toBe(1));
  });

  it('only offers permissions the user holds, and keeps templates within them', async () => {
    answers();
    const { user } = renderTab(['roles:view', 'roles:create', 'chats:view', 'contacts:view']);
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('combobox', { name: 'Template (optional)' }));
    await user.click(await screen.findByRole('option', { name: /^Chat Agent/ }));
    expect(within(dialog).getByText(`2 of ${PERMISSIONS.length} permissions selected`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /^Chats permissions/ }));
    expect(await within(dialog).findByRole('checkbox', { name: /^chats:respond\s/ })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: /^chats:view\s/ })).toBeEnabled();
  });
});
