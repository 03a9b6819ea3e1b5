import Box from '@mui/material/Box';
import type { DataGridProps, GridColDef, GridRenderCellParams, GridValidRowModel } from '@mui/x-data-grid';
import { useMemo, type ReactNode } from 'react';
import { useNarrowScreen } from './use-narrow-screen';

/** A column's content for a row: what its cell renders, else its formatted value. */
function contentOf<Row extends GridValidRowModel>(column: GridColDef<Row>, params: GridRenderCellParams<Row>): ReactNode {
  // Only the row is read by the product's cell renderers, so the primary cell's params serve every column.
  if (column.renderCell) return column.renderCell(params);
  const value: unknown = params.api.getRowFormattedValue(params.row, column);
  return value === null || value === undefined ? '' : String(value);
}

function StackedCell<Row extends GridValidRowModel>({ primary, secondary, params }: {
  primary: GridColDef<Row>;
  secondary: readonly GridColDef<Row>[];
  params: GridRenderCellParams<Row>;
}) {
  return (
    <Box sx={{ py: 1, minWidth: 0, width: '100%', display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Box sx={{ minWidth: 0 }}>{contentOf(primary, params)}</Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5, alignItems: 'center', minWidth: 0 }}>
        {secondary.map((column) => (
          <Box
            key={column.field}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, maxWidth: '100%', typography: 'caption', color: 'text.secondary', whiteSpace: 'normal', overflowWrap: 'anywhere' }}
          >
            {/* The label keeps its width: a long value wraps beside it instead of breaking the label letter by letter. */}
            <Box component="span" sx={{ flexShrink: 0 }}>{column.headerName}:</Box>
            <Box component="span" sx={{ minWidth: 0, color: 'text.primary' }}>
              {contentOf(column, params)}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * A table's columns as a phone shows them: under the mobile breakpoint the first (primary) column
 * stacks every other column's content under its own, labelled with the column's name, and the Actions
 * column stays beside it, so nothing sits off-screen sideways and every control keeps its name. Rows then
 * grow with their content. Wider screens get the columns as given.
 */
export function useStackedColumns<Row extends GridValidRowModel>(
  columns: readonly GridColDef<Row>[],
): Pick<DataGridProps<Row>, 'columns' | 'getRowHeight'> {
  const narrow = useNarrowScreen();
  return useMemo(() => {
    if (!narrow || columns.length < 2) return { columns: [...columns] };
    const [primary, ...others] = columns;
    const actions = others.filter((column) => column.field === 'actions');
    const secondary = others.filter((column) => column.field !== 'actions');
    const stacked: GridColDef<Row> = {
      field: primary.field,
      headerName: primary.headerName,
      flex: 1,
      minWidth: 0,
      sortable: false,
      renderCell: (params) => <StackedCell primary={primary} secondary={secondary} params={params} />,
    };
    return { columns: [stacked, ...actions], getRowHeight: () => 'auto' };
  }, [narrow, columns]);
}
