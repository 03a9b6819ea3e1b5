import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useSession } from '@client/session/use-session';
import { SIDEBAR_WIDTH } from '@shared/constants';
import { isActivePath, NAV_ITEMS, type NavItem } from './nav-items';

export interface SidebarProps {
  /** Under 48em the sidebar is a drawer that slides over the page. */
  mobile: boolean;
  mobileOpen: boolean;
  /** Desktop only: icons without labels. */
  collapsed: boolean;
  onMobileClose: () => void;
}

const widthTransition = (theme: Theme) =>
  theme.transitions.create('width', { easing: theme.transitions.easing.sharp, duration: theme.transitions.duration.shorter });

/** The main navigation: the route table's sidebar entries the user's permissions allow. */
export function Sidebar({ mobile, mobileOpen, collapsed, onMobileClose }: SidebarProps) {
  const { can, user } = useSession();
  const { pathname } = useLocation();
  const narrow = !mobile && collapsed;
  const items = NAV_ITEMS.filter((item) => !item.requires || can(item.requires));
  const organization = user?.organization;

  const content = (
    <Box component="nav" aria-label="Main navigation" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      {/* Room for the app bar, which stays above the sidebar in both layouts. */}
      <Toolbar />
      <List sx={{ px: narrow ? 1 : 1.5, py: 2, display: 'grid', gap: 0.5 }}>
        {items.map((item) => (
          <SidebarLink
            key={item.path}
            item={item}
            active={isActivePath(item.path, pathname)}
            narrow={narrow}
            onNavigate={mobile ? onMobileClose : undefined}
          />
        ))}
      </List>
      <Box sx={{ flexGrow: 1 }} />
      {organization && !narrow && (
        <Box sx={{ m: 1.5, p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
          <Typography variant="caption" color="text.secondary" component="p">
            Organization
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.75 }} noWrap title={organization.organizationName}>
            {organization.organizationName}
          </Typography>
          <Chip label={organization.role.name} size="small" color="primary" variant="outlined" />
        </Box>
      )}
    </Box>
  );

  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        ModalProps={{ keepMounted: true }}
        sx={{ '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH.expanded, boxSizing: 'border-box' } }}
      >
        {content}
      </Drawer>
    );
  }

  const width = narrow ? SIDEBAR_WIDTH.collapsed : SIDEBAR_WIDTH.expanded;
  return (
    <Drawer
      variant="permanent"
      data-collapsed={narrow}
      sx={{
        width,
        flexShrink: 0,
        transition: widthTransition,
        '& .MuiDrawer-paper': { width, boxSizing: 'border-box', overflowX: 'hidden', transition: widthTransition },
      }}
    >
      {content}
    </Drawer>
  );
}

/** One item: an <li> holding the link, so the list stays a valid list for assistive technology. */
function SidebarLink({ item, active, narrow, onNavigate }: { item: NavItem; active: boolean; narrow: boolean; onNavigate?: () => void }) {
  const Icon = item.icon;
  return (
    <ListItem disablePadding>
      <Tooltip title={narrow ? item.label : ''} placement="right" disableInteractive>
        <ListItemButton
          component={RouterLink}
          to={item.path}
          selected={active}
          aria-current={active ? 'page' : undefined}
          aria-label={narrow ? item.label : undefined}
          onClick={onNavigate}
          sx={{ minHeight: 44, px: 1.5, justifyContent: narrow ? 'center' : 'flex-start' }}
        >
          <ListItemIcon sx={{ minWidth: 0, mr: narrow ? 0 : 1.75, color: 'text.secondary' }}>
            <Icon fontSize="small" />
          </ListItemIcon>
          {!narrow && <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: 500, fontSize: 14.5 } } }} />}
        </ListItemButton>
      </Tooltip>
    </ListItem>
  );
}
