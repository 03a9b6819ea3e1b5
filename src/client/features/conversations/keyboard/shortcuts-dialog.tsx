import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Fragment } from 'react';
import { SHORTCUTS } from './shortcuts';

const KBD_SX = {
  display: 'inline-block',
  px: 0.75,
  py: 0.125,
  border: 1,
  borderColor: 'divider',
  borderRadius: 0.75,
  bgcolor: 'action.hover',
  fontFamily: 'monospace',
  fontSize: 13,
} as const;

/** The list of keyboard shortcuts, opened with '?' or the help button. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="inbox-shortcuts-title">
      <DialogTitle id="inbox-shortcuts-title">Keyboard shortcuts</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Keys</TableCell>
              <TableCell>Action</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {SHORTCUTS.map(({ keys, action }) => (
              <TableRow key={action}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {keys.map((combo, i) => (
                    <Fragment key={combo.join('+')}>
                      {i > 0 && ' or '}
                      {combo.map((key, j) => (
                        <Fragment key={key}>
                          {j > 0 && '+'}
                          <Box component="kbd" sx={KBD_SX}>
                            {key}
                          </Box>
                        </Fragment>
                      ))}
                    </Fragment>
                  ))}
                </TableCell>
                <TableCell>{action}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
