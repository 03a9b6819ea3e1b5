import ReplayIcon from '@mui/icons-material/Replay';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { VisuallyHidden } from '@client/components/visually-hidden';
import type { BroadcastAnalytics, FailureReason } from '@shared/api/broadcasts';
import { formatCount, type MaybeDrillDown } from './drill-down';
import { SectionCard } from '@client/components/analytics/section-card';
import { COMPACT_TABLE, NARROW_ONLY, WIDE_ONLY, WRAP } from '@client/components/analytics/table-style';

export interface FailuresSectionProps {
  analytics: BroadcastAnalytics;
  onDrillDown: MaybeDrillDown;
  /** Shown with broadcasts:send. */
  canRetry: boolean;
  retrying: boolean;
  onRetry: () => void;
}

const codeParam = (reason: FailureReason) => (reason.errorCode === null ? 'none' : String(reason.errorCode));

/**
 * The failed recipients grouped by Meta's reason, each group listing its recipients, and 'Retry failed',
 * which queues again those never delivered (each at most once).
 */
export function FailuresSection({ analytics, onDrillDown, canRetry, retrying, onRetry }: FailuresSectionProps) {
  const { failureReasons } = analytics;
  return (
    <SectionCard
      id="failures-title"
      title="Failures"
      subtitle={`${formatCount(analytics.messagesFailed)} failed, grouped by WhatsApp's reason.`}
      actions={
        canRetry && (
          <Button
            variant="outlined"
            onClick={onRetry}
            disabled={retrying || analytics.messagesFailed === 0}
            startIcon={retrying ? <CircularProgress size={16} color="inherit" /> : <ReplayIcon />}
          >
            Retry failed
          </Button>
        )
      }
    >
      {failureReasons.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No recipient failed.
        </Typography>
      ) : (
        <Table size="small" aria-label="Failure reasons" sx={COMPACT_TABLE}>
          <TableHead>
            <TableRow>
              <TableCell>Reason</TableCell>
              <TableCell sx={WIDE_ONLY}>Code</TableCell>
              <TableCell align="right">Recipients</TableCell>
              {onDrillDown && (
                <TableCell align="right">
                  <VisuallyHidden>Recipients list</VisuallyHidden>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {failureReasons.map((reason) => (
              <TableRow key={codeParam(reason)}>
                <TableCell component="th" scope="row" sx={WRAP}>
                  {reason.reason}
                  {reason.errorCode !== null && (
                    <Typography variant="caption" color="text.secondary" component="span" sx={NARROW_ONLY}>
                      Code {reason.errorCode}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={WIDE_ONLY}>{reason.errorCode ?? '–'}</TableCell>
                <TableCell align="right">{formatCount(reason.count)}</TableCell>
                {onDrillDown && (
                  <TableCell align="right">
                    <Button
                      size="small"
                      onClick={() => onDrillDown({ filter: 'failed', errorCode: codeParam(reason), title: `Failed: ${reason.reason}` })}
                    >
                      View<VisuallyHidden> recipients who failed with {reason.reason}</VisuallyHidden>
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
}
