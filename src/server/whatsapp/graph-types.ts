/** Request and response shapes of the Graph API calls Parley makes. */

export interface SendResult {
  wamid: string;
  /** The recipient's WhatsApp id as Meta resolved it (digits; may differ from the input for BR/MX numbers). */
  waId: string | undefined;
}

export interface TemplateParameter {
  type: 'text';
  text: string;
  parameter_name?: string;
}

export type HeaderParameter =
  | TemplateParameter
  | { type: 'image'; image: MediaRef }
  | { type: 'video'; video: MediaRef }
  | { type: 'document'; document: MediaRef & { filename?: string } };

export type TemplateComponentParameters =
  | { type: 'header'; parameters: HeaderParameter[] }
  | { type: 'body'; parameters: TemplateParameter[] }
  | { type: 'button'; sub_type: 'quick_reply'; index: string; parameters: Array<{ type: 'payload'; payload: string }> }
  | { type: 'button'; sub_type: 'url'; index: string; parameters: TemplateParameter[] };

export interface TemplateSend {
  name: string;
  language: string;
  components?: TemplateComponentParameters[];
}

export type MediaRef = { id: string; link?: never } | { link: string; id?: never };

export type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';

export interface MediaSend {
  kind: MediaKind;
  media: MediaRef;
  /** Not allowed for audio and stickers. */
  caption?: string;
  /** Documents only. */
  filename?: string;
}

export interface SendOptions {
  /** The wamid this message quotes. */
  replyTo?: string;
  /** Echoed back in this message's status webhooks (`biz_opaque_callback_data`). */
  callbackData?: string;
  /**
   * `false`: a throttled refusal is answered at once instead of being retried after a wait in the
   * client (the broadcast dispatcher paces and re-queues the send itself).
   */
  retry?: boolean;
}

export interface GraphTemplateComponent {
  type: string;
  format?: string;
  text?: string;
  buttons?: Array<{ type: string; text: string; url?: string; phone_number?: string }>;
  example?: unknown;
}

export interface GraphTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  parameter_format?: string;
  components: GraphTemplateComponent[];
}

export interface GraphPage<T> {
  data: T[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string };
}

export interface MediaInfo {
  id: string;
  url: string;
  mime_type: string;
  sha256?: string;
  file_size?: string | number;
}

export interface PhoneNumberInfo {
  id: string;
  display_phone_number?: string;
  verified_name?: string;
  quality_rating?: string;
  status?: string;
  platform_type?: string;
}

export interface BusinessAccountInfo {
  id: string;
  name?: string;
  status?: string;
}
