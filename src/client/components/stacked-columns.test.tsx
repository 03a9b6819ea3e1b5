import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { screen, within } from '@testing-library/react';
import type { GridColDef } from '@mui/x-data-grid';
import { renderWithProviders } from '@client/testing/test-utils';
import { actionsColumn, ClientPagedDataGrid } from './paged-data-grid';
import { useStackedColumns } from './stacked-columns';

interface Item {
  id: string;
  name: string;
  kind: string;
  count: number;
}

const columns: GridColDef<Item>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 200 },
  { field: 'kind', headerName: 'Kind', width: 150, renderCell: ({ row }) => <Chip size="small" label={row.kind} /> },
  { field: 'count', headerName: 'Uses', width: 150, valueFormatter: (value: number) => `${value} times` },
  actionsColumn<Item>(110, (row) => <Button aria-label={`Edit ${row.name}`}>Edit</Button>),
];

function ItemsTable() {
  const layout = useStackedColumns(columns);
  return <ClientPagedDataGrid rows={[{ id: 'i-1', name: 'Welcome', kind: 'Manual', count: 12 }]} {...layout} loading={false} pageSizes={[25]} emptyText="None" label="Items" />;
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

describe('stacked columns', () => {
  it('keeps every column on a wide screen', async () => {
    renderWithProviders(<ItemsTable />);
    await screen.findByText('Welcome');
    expect(headers()).toEqual(['Name', 'Kind', 'Uses', 'Actions']);
  });

  it('on a phone stacks the other columns, labelled, under the first, and keeps the actions beside it with their names', async () => {
    const original = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...original(query), matches: query.includes('48em') });
    try {
      renderWithProviders(<ItemsTable />);
      const nameCell = (await screen.findByText('Welcome')).closest('[role="gridcell"]') as HTMLElement;
      expect(headers()).toEqual(['Name', 'Actions']);
      expect(nameCell).toHaveTextContent('Kind:Manual');
      expect(nameCell).toHaveTextContent('Uses:12 times');
      const row = nameCell.closest('[role="row"]') as HTMLElement;
      expect(within(row).getByRole('button', { name: 'Edit Welcome' })).toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });
});
