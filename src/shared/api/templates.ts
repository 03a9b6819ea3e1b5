import type { Paginated } from './pagination';

/** Message templates: the wire types of /templates. */

/** The statuses the Templates screen filters by; Meta has more (PAUSED, DISABLED…), stored as they come. */
export const TEMPLATE_FILTER_STATUSES = ['APPROVED', 'PENDING', 'REJECTED'] as const;
export type TemplateFilterStatus = (typeof TEMPLATE_FILTER_STATUSES)[number];

export interface TemplateButton {
  /** The button's position in the template, as a string: what a quick-reply send and automation rules refer to. */
  id: string;
  text: string;
  type: string;
  url?: string;
  phoneNumber?: string;
}

export type TemplateComponent =
  | { type: 'HEADER'; format: string; text?: string }
  | { type: 'BODY'; text: string }
  | { type: 'FOOTER'; text: string }
  | { type: 'BUTTONS'; buttons: TemplateButton[] };

export interface Template {
  id: string;
  name: string;
  status: string;
  category: string;
  language: string;
  components: TemplateComponent[];
}

/** GET /templates/local?status=&page=&limit= */
export interface TemplatesResponse extends Paginated<Template> {
  /** When templates were last synced from WhatsApp (ISO 8601); null before the first sync. */
  lastTemplateSync: string | null;
}

/** POST /templates/sync */
export interface TemplateSyncResponse {
  message: string;
  synced: number;
  lastTemplateSync: string;
}
