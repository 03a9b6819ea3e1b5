import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

export type InboxPane = 'list' | 'chat' | 'info';

export interface InboxLayoutProps {
  /** Under 48em one pane at a time. */
  narrow: boolean;
  /** The pane a phone shows. */
  pane: InboxPane;
  list: ReactNode;
  chat: ReactNode;
  /** Null when there is no contact to show, or the pane is closed. */
  info: ReactNode | null;
}

const LIST_WIDTH = 340;
const INFO_WIDTH = 300;

function Pane({ label, children, sx }: { label: string; children: ReactNode; sx?: object }) {
  return (
    <Box component="section" aria-label={label} sx={{ minWidth: 0, minHeight: 0, height: '100%', overflow: 'hidden', ...sx }}>
      {children}
    </Box>
  );
}

/** The three panes side by side; on a phone, the one `pane` names. */
export function InboxLayout({ narrow, pane, list, chat, info }: InboxLayoutProps) {
  if (narrow) {
    return (
      <Paper variant="outlined" sx={{ height: '100%', overflow: 'hidden' }}>
        {pane === 'list' && <Pane label="Conversation list">{list}</Pane>}
        {pane === 'chat' && <Pane label="Conversation">{chat}</Pane>}
        {pane === 'info' && info && <Pane label="Contact info">{info}</Pane>}
      </Paper>
    );
  }
  return (
    <Paper
      variant="outlined"
      sx={{
        height: '100%',
        overflow: 'hidden',
        display: 'grid',
        gridTemplateColumns: info ? `${LIST_WIDTH}px minmax(0, 1fr) ${INFO_WIDTH}px` : `${LIST_WIDTH}px minmax(0, 1fr)`,
      }}
    >
      <Pane label="Conversation list" sx={{ borderRight: 1, borderColor: 'divider' }}>
        {list}
      </Pane>
      <Pane label="Conversation">{chat}</Pane>
      {info && (
        <Pane label="Contact info" sx={{ borderLeft: 1, borderColor: 'divider' }}>
          {info}
        </Pane>
      )}
    </Paper>
  );
}
