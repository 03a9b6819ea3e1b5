import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isSettingsTab, type SettingsTab } from '@client/app/paths';
import { PageHeader } from '@client/components/page-header';
import { useSession } from '@client/session/use-session';
import type { Permission } from '@shared/permissions/catalogue';

export interface SettingsTabDefinition {
  key: SettingsTab;
  label: string;
  /** Shown, and its panel rendered, only for holders of this permission (or of any one of these). */
  requires?: Permission | readonly Permission[];
  Panel: ComponentType;
}

export interface SettingsScreenProps {
  /**
   * The tabs in order, the first one always visible. The panels come from other features, so the app
   * layer passes them in (app/settings/settings-page.tsx): a feature never imports another.
   */
  tabs: readonly SettingsTabDefinition[];
}

const tabId = (key: SettingsTab) => `settings-tab-${key}`;
const panelId = (key: SettingsTab) => `settings-panel-${key}`;

/** Settings: a tab per section, each gated by its permission; ?tab= picks the initial one. */
export function SettingsScreen({ tabs }: SettingsScreenProps) {
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

  // ?tab= picks the initial tab, then the URL goes back to /settings.
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

  const visible = tabs.filter((tab) => !tab.requires || [tab.requires].flat().some(can));
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
