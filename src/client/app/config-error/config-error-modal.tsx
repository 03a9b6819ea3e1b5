import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useNavigate } from 'react-router-dom';
import { useSession } from '@client/session/use-session';
import { useAppDispatch, useAppSelector } from '../hooks';
import { paths } from '../paths';
import { CONFIG_ERROR_CONTENT, REQUIRED_TOKEN_PERMISSIONS } from './config-error-content';
import { configErrorClosed, selectConfigError } from './config-error-slice';

/**
 * The messaging configuration-error modal. Mounted once; it shows the store's configError state,
 * which any call answered with a WHATSAPP_* code opens, whichever screen made the call.
 */
export function ConfigErrorModal() {
  const { code, open } = useAppSelector(selectConfigError);
  const dispatch = useAppDispatch();
  const { can } = useSession();
  const navigate = useNavigate();

  const content = CONFIG_ERROR_CONTENT[code];
  const canFix = can('settings:view');
  const close = () => dispatch(configErrorClosed());

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby="config-error-title">
      <DialogTitle id="config-error-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <WarningAmberOutlinedIcon color="warning" />
        {content.title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{canFix ? content.forSettingsUsers : content.forOthers}</DialogContentText>
        {code === 'WHATSAPP_PERMISSION_DENIED' && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }} aria-label="Required permissions">
            {REQUIRED_TOKEN_PERMISSIONS.map((permission) => (
              <Chip key={permission} label={permission} size="small" variant="outlined" sx={{ fontFamily: 'monospace' }} />
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {canFix ? (
          <>
            <Button color="inherit" onClick={close}>
              Close
            </Button>
            <Button
              variant="contained"
              onClick={() => {
                close();
                void navigate(paths.settings('whatsapp'));
              }}
            >
              Go to WhatsApp Settings
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={close}>
            OK
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
