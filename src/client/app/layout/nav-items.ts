import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import SpaceDashboardOutlinedIcon from '@mui/icons-material/SpaceDashboardOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import type { Permission } from '@shared/permissions/catalogue';
import { paths } from '../paths';

export interface NavItem {
  label: string;
  path: string;
  icon: typeof SvgIcon;
  /** Shown only to holders of this permission; absent means always shown. */
  requires?: Permission;
}

/** The sidebar of SPEC.md 2 (Shell), in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', path: paths.home, icon: SpaceDashboardOutlinedIcon },
  { label: 'Contacts', path: paths.contacts, icon: PeopleAltOutlinedIcon, requires: 'contacts:view' },
  { label: 'Tags', path: paths.tags, icon: LocalOfferOutlinedIcon, requires: 'contacts:view' },
  { label: 'Templates', path: paths.templates, icon: DescriptionOutlinedIcon, requires: 'templates:view' },
  { label: 'Broadcasts', path: paths.broadcasts, icon: CampaignOutlinedIcon, requires: 'broadcasts:view' },
  { label: 'Conversations', path: paths.conversations(), icon: ForumOutlinedIcon, requires: 'chats:view' },
  { label: 'Settings', path: paths.settings(), icon: SettingsOutlinedIcon },
];

/** Whether a sidebar item is the current section (/contacts/import belongs to Contacts). */
export function isActivePath(itemPath: string, pathname: string): boolean {
  if (itemPath === paths.home) return pathname === paths.home;
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
