import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { PagedDataGrid, type ServerPage } from '@client/components/paged-data-grid';
import { useNarrowScreen } from '@client/components/use-narrow-screen';
import type { Contact } from '@shared/api/contacts';
import { contactPhone } from '@client/components/contacts/contact-name';
import { ContactNameAndPhoneCell, ContactNameCell, ContactTagsCell } from './contact-cells';
import { ContactRowActions, type ContactRowAbilities, type ContactRowHandlers } from './contact-row-actions';

export interface ContactsTableProps {
  page: ServerPage<Contact>;
  /** False: the grid shows no pagination (search results, or a single page). */
  paginated: boolean;
  can: ContactRowAbilities;
  handlers: ContactRowHandlers;
}

/**
 * Name, Phone, Tags, Actions, paged by the server. Under the mobile breakpoint the phone moves under
 * the name and Tags is dropped, so the Actions column fits without sideways scrolling.
 */
export function ContactsTable({ page, paginated, can, handlers }: ContactsTableProps) {
  const narrow = useNarrowScreen();
  const columns = useMemo<GridColDef<Contact>[]>(() => {
    const actions: GridColDef<Contact> = {
      field: 'actions',
      headerName: 'Actions',
      // Four small icon buttons (30 px each) and the cell's padding.
      width: narrow ? 144 : 180,
      sortable: false,
      renderCell: ({ row }) => <ContactRowActions contact={row} can={can} handlers={handlers} />,
    };
    if (narrow) {
      return [
        { field: 'name', headerName: 'Name', flex: 1, minWidth: 120, sortable: false, renderCell: ({ row }) => <ContactNameAndPhoneCell contact={row} /> },
        actions,
      ];
    }
    return [
      { field: 'name', headerName: 'Name', flex: 1.2, minWidth: 180, sortable: false, renderCell: ({ row }) => <ContactNameCell contact={row} /> },
      {
        field: 'phoneNumber',
        headerName: 'Phone',
        flex: 1,
        minWidth: 150,
        sortable: false,
        valueGetter: (_value, row) => contactPhone(row),
      },
      { field: 'tags', headerName: 'Tags', flex: 1.5, minWidth: 200, sortable: false, renderCell: ({ row }) => <ContactTagsCell contact={row} /> },
      actions,
    ];
  }, [narrow, can, handlers]);

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
