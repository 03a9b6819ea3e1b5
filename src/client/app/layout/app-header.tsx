import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { Brand } from '@client/components/brand';
import { useSession } from '@client/session/use-session';
import { paths } from '../paths';
import { AvailabilitySwitch } from './availability-switch';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { useSignOut } from './use-sign-out';

export interface AppHeaderProps {
  mobile: boolean;
  sidebarCollapsed: boolean;
  /** Mobile: opens the drawer. Desktop: collapses or expands the sidebar. */
  onMenuClick: () => void;
}

/** The shell's top bar: menu button, logo and product name, welcome line, the Available / Away switch, light/dark toggle and Logout. */
export function AppHeader({ mobile, sidebarCollapsed, onMenuClick }: AppHeaderProps) {
  const { user } = useSession();
  const { signOut, signingOut } = useSignOut();
  const menuLabel = mobile ? 'Open navigation' : sidebarCollapsed ? 'Expand sidebar' : 'Collapse sidebar';

  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
        <Tooltip title={menuLabel}>
          <IconButton edge="start" onClick={onMenuClick} aria-label={menuLabel} color="inherit" sx={{ mr: 0.5 }}>
            {!mobile && !sidebarCollapsed ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
        <Link component={RouterLink} to={paths.home} underline="none" aria-label="Parley home">
          <Brand />
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        {user && (
          <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' }, mr: 1 }}>
            Welcome, <Box component="strong" sx={{ color: 'text.primary', fontWeight: 600 }}>{user.name}</Box>
          </Typography>
        )}
        <AvailabilitySwitch />
        <ColorSchemeToggle />
        <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => void signOut()} disabled={signingOut}>
          Logout
        </Button>
      </Toolbar>
    </AppBar>
  );
}
