import Box from '@mui/material/Box';
import {
  DataGrid, type DataGridProps, type GridColDef, type GridPaginationModel, type GridValidRowModel,
} from '@mui/x-data-grid';
import { useState, type ReactNode } from 'react';

/** One page of rows as a server-paged grid shows it: the rows, the total the server counted, and the page model. */
export interface ServerPage<Row> {
  rows: readonly Row[];
  rowCount: number;
  loading: boolean;
  pagination: GridPaginationModel;
  onPaginationChange: (model: GridPaginationModel) => void;
}

/** What the grids below set themselves; every other DataGrid prop passes through. */
type OwnProps = 'rows' | 'rowCount' | 'loading' | 'pagination' | 'paginationMode' | 'paginationModel'
  | 'onPaginationModelChange' | 'pageSizeOptions' | 'localeText';

interface GridBaseProps<Row extends GridValidRowModel> extends Omit<DataGridProps<Row>, OwnProps> {
  /** What the grid says when it has no rows. */
  emptyText: string;
  /** The grid's accessible name. */
  label?: string;
}

/** The product's tables: rows are not selectable, columns have no menu, the grid grows with its rows. */
function gridBase(emptyText: string, label: string | undefined) {
  return {
    disableRowSelectionOnClick: true,
    disableColumnMenu: true,
    autoHeight: true,
    localeText: { noRowsLabel: emptyText },
    'aria-label': label,
  } as const;
}

export interface PagedDataGridProps<Row extends GridValidRowModel> extends GridBaseProps<Row> {
  page: ServerPage<Row>;
  /** The page sizes offered; by default only the page's own size. */
  pageSizes?: readonly number[];
}

/** A DataGrid paged by the server: the page model is the caller's state, the row count comes from the API. */
export function PagedDataGrid<Row extends GridValidRowModel>({ page, pageSizes, emptyText, label, ...props }: PagedDataGridProps<Row>) {
  return (
    <DataGrid<Row>
      {...gridBase(emptyText, label)}
      {...props}
      rows={page.rows}
      rowCount={page.rowCount}
      loading={page.loading}
      pageSizeOptions={pageSizes ?? [page.pagination.pageSize]}
      paginationMode="server"
      paginationModel={page.pagination}
      onPaginationModelChange={page.onPaginationChange}
    />
  );
}

export interface ClientPagedDataGridProps<Row extends GridValidRowModel> extends Omit<GridBaseProps<Row>, 'initialState'> {
  rows: readonly Row[];
  loading: boolean;
  /** The page sizes offered; the grid starts with the first. */
  pageSizes: readonly number[];
}

/** A DataGrid over rows that are all loaded (a short list), paged in the browser. */
export function ClientPagedDataGrid<Row extends GridValidRowModel>({ rows, loading, pageSizes, emptyText, label, ...props }: ClientPagedDataGridProps<Row>) {
  return (
    <DataGrid<Row>
      {...gridBase(emptyText, label)}
      {...props}
      rows={rows}
      loading={loading}
      initialState={{ pagination: { paginationModel: { pageSize: pageSizes[0] } } }}
      pageSizeOptions={pageSizes}
    />
  );
}

/**
 * The page model of a server-paged list: `query` is what the list endpoint takes (pages count from 1),
 * `pageOf` turns its answer into the page the grid shows.
 */
export function useServerPagination(pageSize: number) {
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize });
  const query = { page: pagination.page + 1, limit: pagination.pageSize };
  const pageOf = <Row,>(rows: readonly Row[] | undefined, total: number | undefined, loading: boolean): ServerPage<Row> => ({
    rows: rows ?? [],
    rowCount: total ?? 0,
    loading,
    pagination,
    onPaginationChange: setPagination,
  });
  return { pagination, setPagination, query, pageOf };
}

/** The 'Actions' column: the row's buttons side by side, centred in the cell. */
export function actionsColumn<Row extends GridValidRowModel>(width: number, render: (row: Row) => ReactNode): GridColDef<Row> {
  return {
    field: 'actions',
    headerName: 'Actions',
    width,
    sortable: false,
    renderCell: ({ row }) => <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>{render(row)}</Box>,
  };
}
