import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { PagedDataGrid, type ServerPage } from '@client/components/paged-data-grid';
import { useStackedColumns } from '@client/components/stacked-columns';
import type { Template, TemplateComponent } from '@shared/api/templates';

export interface TemplatesTableProps {
  page: ServerPage<Template>;
}

export const TEMPLATE_PAGE_SIZES = [25, 50, 100];

const STATUS_COLORS: Record<string, ChipProps['color']> = { APPROVED: 'success', PENDING: 'warning', REJECTED: 'error' };

const part = <T extends TemplateComponent['type']>(template: Template, type: T) =>
  template.components.find((c): c is Extract<TemplateComponent, { type: T }> => c.type === type);

// The minimums add up to what a 1,280 px laptop leaves beside the open sidebar; text wraps within them.
const columns: GridColDef<Template>[] = [
  {
    field: 'name',
    headerName: 'Name',
    flex: 1,
    minWidth: 180,
    sortable: false,
    renderCell: ({ row }) => (
      <Typography variant="body2" sx={{ fontWeight: 600, fontFamily: 'monospace', py: 1, wordBreak: 'break-all' }}>
        {row.name}
      </Typography>
    ),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 110,
    sortable: false,
    renderCell: ({ row }) => (
      <Box sx={{ py: 1 }}>
        <Chip size="small" label={row.status} color={STATUS_COLORS[row.status] ?? 'default'} variant="outlined" />
      </Box>
    ),
  },
  { field: 'category', headerName: 'Category', width: 140, sortable: false, cellClassName: 'template-text-cell' },
  { field: 'language', headerName: 'Language', width: 90, sortable: false, cellClassName: 'template-text-cell' },
  {
    field: 'content',
    headerName: 'Content',
    flex: 2.5,
    minWidth: 220,
    sortable: false,
    renderCell: ({ row }) => {
      const header = part(row, 'HEADER');
      return (
        <Box sx={{ py: 1, whiteSpace: 'normal' }}>
          {header && (
            <Typography variant="caption" color="text.secondary" component="div">
              {header.format === 'TEXT' ? header.text : `${header.format.toLowerCase()} header`}
            </Typography>
          )}
          <Typography variant="body2" component="div" dir="auto">
            {part(row, 'BODY')?.text}
          </Typography>
        </Box>
      );
    },
  },
  {
    field: 'buttons',
    headerName: 'Buttons',
    flex: 1.2,
    minWidth: 140,
    sortable: false,
    renderCell: ({ row }) => (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, py: 1 }}>
        {part(row, 'BUTTONS')?.buttons.map((button) => <Chip key={button.id} size="small" label={button.text} />)}
      </Box>
    ),
  },
];

/** The synced templates, paged by the server; on a phone every other column stacks under the name. */
export function TemplatesTable({ page }: TemplatesTableProps) {
  const layout = useStackedColumns(columns);
  return (
    <PagedDataGrid
      page={page}
      {...layout}
      pageSizes={TEMPLATE_PAGE_SIZES}
      getRowHeight={() => 'auto'}
      emptyText="No templates found"
      label="Templates"
      sx={{ '& .template-text-cell': { py: 1 } }}
    />
  );
}
