import { DataGrid, type DataGridProps, type GridPaginationModel, type GridValidRowModel } from '@mui/x-data-grid';

export interface PagedDataGridProps<Row extends GridValidRowModel>
  extends Omit<DataGridProps<Row>, 'pagination' | 'paginationMode' | 'paginationModel' | 'onPaginationModelChange' | 'localeText'> {
  /** The total the server counted. */
  rowCount: number;
  pagination: GridPaginationModel;
  onPaginationChange: (model: GridPaginationModel) => void;
  /** What the grid says when the page is empty. */
  emptyText: string;
  /** The grid's accessible name. */
  label: string;
}

/**
 * A DataGrid paged by the server (STYLE.md 4.1): the page and size are the caller's state, the row
 * count comes from the API, rows are not selectable and columns have no menu. Any other DataGrid
 * prop passes through.
 */
export function PagedDataGrid<Row extends GridValidRowModel>({
  pagination, onPaginationChange, emptyText, label, ...props
}: PagedDataGridProps<Row>) {
  return (
    <DataGrid<Row>
      pageSizeOptions={[pagination.pageSize]}
      disableRowSelectionOnClick
      disableColumnMenu
      autoHeight
      {...props}
      paginationMode="server"
      paginationModel={pagination}
      onPaginationModelChange={onPaginationChange}
      localeText={{ noRowsLabel: emptyText }}
      aria-label={label}
    />
  );
}
