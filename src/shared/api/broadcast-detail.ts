import type { AutomationRule, Broadcast } from './broadcasts';
import type { TemplateHeaderUploadResponse } from './template-header';

/** GET /broadcast/{id}: a broadcast with what its form needs to compose it again (Edit of a draft or scheduled one). */

/** A header as the broadcast keeps it: its uploaded file (described as the upload answered it) or its link. */
export type BroadcastHeader = TemplateHeaderUploadResponse | { link: string };

/** A contact of a broadcast's chosen audience, named as the form's chips name it. */
export interface AudienceContact {
  id: string;
  name: string | null;
  profileName: string | null;
  countryCode: string;
  phoneNumber: string;
}

/** One quick-reply button of the broadcast's template as it was sent: what a rule can be set for. */
export interface BroadcastButton {
  /** The button's position, the rules' triggerId. */
  id: string;
  text: string;
}

export interface BroadcastDetail extends Broadcast {
  templateId: string;
  header: BroadcastHeader | null;
  /** The contacts of a contacts audience that are still the organization's; empty for a tags audience. */
  contacts: AudienceContact[];
  buttons: BroadcastButton[];
  /** Its button rules, only for a member who may see automation (automation:view). */
  rules?: AutomationRule[];
}

/** Button rules are automation: a broadcast request that sets any needs automation:create as well. */
export const RULES_NEED_AUTOMATION_CREATE = 'Setting button rules needs the automation:create permission';
