import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ApiError } from '@client/api/api-error';
import { errorMessage } from '@client/components/error-message';
import { CONVERSATION_NOT_FOUND } from '@shared/api/conversations';

export interface ChatPlaceholderProps {
  /** Nothing chosen yet, the conversation loading, or failing to. */
  state: 'none' | 'loading' | 'error';
  error?: ApiError;
  onBack?: () => void;
}

/** The centre pane when no conversation is shown. */
export function ChatPlaceholder({ state, error, onBack }: ChatPlaceholderProps) {
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {onBack && (
        <Box sx={{ p: 1 }}>
          <IconButton aria-label="Back to conversations" onClick={onBack}>
            <ArrowBackIcon />
          </IconButton>
        </Box>
      )}
      <Box sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3 }}>
        {state === 'loading' && <CircularProgress size={32} aria-label="Loading conversation" />}
        {state === 'error' && <Alert severity="error">{errorMessage(error, CONVERSATION_NOT_FOUND)}</Alert>}
        {state === 'none' && (
          <Box sx={{ textAlign: 'center', color: 'text.secondary' }}>
            <ForumOutlinedIcon sx={{ fontSize: 48, mb: 1 }} aria-hidden />
            <Typography>Select a conversation to start messaging</Typography>
          </Box>
        )}
      </Box>
    </Box>
  );
}
