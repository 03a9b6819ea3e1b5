import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { SectionCard } from '@client/components/analytics/section-card';
import { ClientPagedDataGrid } from '@client/components/paged-data-grid';
import { useNarrowScreen } from '@client/components/use-narrow-screen';
import type { AgentReport } from '@shared/api/reports';
import { formatCount } from '@shared/format/count';
import { formatMinutes } from './report-format';

const PAGE_SIZES = [25, 50, 100] as const;
const CELL = { py: 1, width: '100%', minWidth: 0 } as const;

function AgentCell({ agent }: { agent: AgentReport }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{agent.name}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>{agent.email}</Typography>
    </Box>
  );
}

const figuresOf = (agent: AgentReport) => [
  ['Assigned', formatCount(agent.assigned)],
  ['Resolved', formatCount(agent.resolved)],
  ['Median first response', formatMinutes(agent.medianFirstResponseMinutes)],
  ['Median resolution', formatMinutes(agent.medianResolutionMinutes)],
] as const;

const number = (field: keyof AgentReport, headerName: string, format: (value: number | null) => string): GridColDef<AgentReport> => ({
  field, headerName, type: 'number', flex: 1, minWidth: 120, valueFormatter: (value: number | null) => format(value),
});

/**
 * Per member: conversations assigned and resolved in the range, and the medians of the first responses they
 * sent and of the resolutions of periods they held. On a phone each member's figures stack in one column.
 */
export function AgentsTable({ agents }: { agents: AgentReport[] }) {
  const narrow = useNarrowScreen();
  const columns = useMemo<GridColDef<AgentReport>[]>(() => {
    if (narrow) {
      return [{
        field: 'name', headerName: 'Agent', flex: 1, minWidth: 0, sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ ...CELL, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            <AgentCell agent={row} />
            {figuresOf(row).map(([label, value]) => (
              <Typography key={label} variant="body2">{`${label}: ${value}`}</Typography>
            ))}
          </Box>
        ),
      }];
    }
    return [
      { field: 'name', headerName: 'Agent', flex: 1.6, minWidth: 200, renderCell: ({ row }) => <Box sx={CELL}><AgentCell agent={row} /></Box> },
      number('assigned', 'Assigned', (value) => formatCount(value ?? 0)),
      number('resolved', 'Resolved', (value) => formatCount(value ?? 0)),
      number('medianFirstResponseMinutes', 'Median first response', formatMinutes),
      number('medianResolutionMinutes', 'Median resolution', formatMinutes),
    ];
  }, [narrow]);
  return (
    <SectionCard id="agents-title" title="Agents" subtitle="Assigned and resolved in the range; medians of the conversations opened in it.">
      <ClientPagedDataGrid
        rows={agents}
        getRowId={(agent) => agent.userId}
        columns={columns}
        loading={false}
        pageSizes={PAGE_SIZES}
        hideFooter={agents.length <= PAGE_SIZES[0]}
        getRowHeight={() => 'auto'}
        emptyText="No members"
        label="Agents"
      />
    </SectionCard>
  );
}
