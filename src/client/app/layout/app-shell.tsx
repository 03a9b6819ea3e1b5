import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { useState } from 'react';
import { useNarrowScreen } from '@client/components/use-narrow-screen';
import { RequireRoutePermission } from '../router/require-route-permission';
import { AppHeader } from './app-header';
import { Sidebar } from './sidebar';
import { useStoredFlag } from './use-stored-flag';

const COLLAPSED_KEY = 'parley.sidebar.collapsed';

/** The signed-in layout: header, sidebar (a drawer on mobile) and the current screen, if the user may see it. */
export function AppShell() {
  const mobile = useNarrowScreen();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [collapsed, setCollapsed] = useStoredFlag(COLLAPSED_KEY, false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppHeader
        mobile={mobile}
        sidebarCollapsed={collapsed}
        onMenuClick={() => (mobile ? setMobileOpen(true) : setCollapsed(!collapsed))}
      />
      <Sidebar mobile={mobile} mobileOpen={mobileOpen} collapsed={collapsed} onMobileClose={() => setMobileOpen(false)} />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box sx={{ flexGrow: 1, p: { xs: 2, sm: 3 }, width: '100%', maxWidth: 1440, mx: 'auto' }}>
          <RequireRoutePermission />
        </Box>
      </Box>
    </Box>
  );
}
