import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isSettingsTab, type SettingsTab } from '@client/app/paths';
import { PageHeader } from '@client/components/page-header';
import { useSession } from '@client/session/use-session';
import type { Permission } from '@shared/permissions/catalogue';
import ProfileTab from './profile-tab';

interface TabDefinition {
  key: SettingsTab;
  label: string;
  /** Shown, and its panel rendered, only for holders of this permission. */
  requires?: Permission;
  Panel: ComponentType;
}

// The gated panels are chunks of their own: most users never open them.
const TABS: readonly TabDefinition[] = [
  { key: 'profile', label: 'Profile', Panel: ProfileTab },
  {
    key: 'whatsapp',
    label: 'Messaging API',
    requires: 'settings:view',
    Panel: lazy(() => import('@client/features/whatsapp-settings/messaging-api-tab')),
  },
  {
    key: 'members',
    label: 'Team Members',
    requires: 'members:view',
    Panel: lazy(() => import('@client/features/members/team-members-tab')),
  },
  {
    key: 'roles',
    label: 'Roles & Permissions',
    requires: 'roles:view',
    Panel: lazy(() => import('@client/features/roles/roles-tab')),
  },
];

const tabId = (key: SettingsTab) => `settings-tab-${key}`;
const panelId = (key: SettingsTab) => `settings-panel-${key}`;

/** Settings (SPEC.md 2): Profile, Messaging API, Team Members, Roles & Permissions, each gated by permission. */
export default function SettingsScreen() {
  const { can } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const [chosen, setChosen] = useState<SettingsTab>(isSettingsTab(requested) ? requested : 'profile');
  // A link with ?tab= followed while the screen is open picks its tab too (state adjusted during
  // render, as React recommends over an effect).
  const [seen, setSeen] = useState(requested);
  if (requested !== seen) {
    setSeen(requested);
    if (isSettingsTab(requested)) setChosen(requested);
  }

  // ?tab= picks the initial tab, then the URL goes back to /settings (SPEC.md 2).
  useEffect(() => {
    if (requested === null) return;
    setSearchParams(
      (params) => {
        params.delete('tab');
        return params;
      },
      { replace: true },
    );
  }, [requested, setSearchParams]);

  const visible = TABS.filter((tab) => !tab.requires || can(tab.requires));
  const active = visible.find((tab) => tab.key === chosen) ?? visible[0];

  return (
    <>
      <PageHeader title="Settings" />
      <Paper variant="outlined" sx={{ mb: 3 }}>
        <Tabs
          value={active.key}
          onChange={(_event, key: SettingsTab) => setChosen(key)}
          variant="scrollable"
          scrollButtons="auto"
          aria-label="Settings sections"
        >
          {visible.map((tab) => (
            <Tab key={tab.key} value={tab.key} label={tab.label} id={tabId(tab.key)} aria-controls={panelId(tab.key)} />
          ))}
        </Tabs>
      </Paper>
      <Box role="tabpanel" id={panelId(active.key)} aria-labelledby={tabId(active.key)}>
        <Suspense fallback={<CircularProgress aria-label="Loading" />}>
          <active.Panel />
        </Suspense>
      </Box>
    </>
  );
}
