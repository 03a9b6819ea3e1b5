import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { PagedDataGrid, type ServerPage } from '@client/components/paged-data-grid';
import type { Contact } from '@shared/api/contacts';
import { formatPhone } from '@shared/phone';
import { ContactNameCell, ContactTagsCell } from './contact-cells';
import { ContactRowActions, type ContactRowAbilities, type ContactRowHandlers } from './contact-row-actions';

export interface ContactsTableProps {
  page: ServerPage<Contact>;
  /** False: the grid shows no pagination (search results, or a single page). */
  paginated: boolean;
  can: ContactRowAbilities;
  handlers: ContactRowHandlers;
}

/** Name, Phone, Tags, Actions (SPEC.md 2), paged by the server. */
export function ContactsTable({ page, paginated, can, handlers }: ContactsTableProps) {
  const columns = useMemo<GridColDef<Contact>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1.2, minWidth: 180, sortable: false, renderCell: ({ row }) => <ContactNameCell contact={row} /> },
      {
        field: 'phoneNumber',
        headerName: 'Phone',
        flex: 1,
        minWidth: 150,
        sortable: false,
        valueGetter: (_value, row) => formatPhone(row.countryCode, row.phoneNumber),
      },
      { field: 'tags', headerName: 'Tags', flex: 1.5, minWidth: 200, sortable: false, renderCell: ({ row }) => <ContactTagsCell contact={row} /> },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 180,
        sortable: false,
        renderCell: ({ row }) => <ContactRowActions contact={row} can={can} handlers={handlers} />,
      },
    ],
    [can, handlers],
  );

  return (
    <PagedDataGrid
      page={page}
      columns={columns}
      hideFooter={!paginated}
      emptyText="No contacts found"
      label="Contacts"
    />
  );
}
