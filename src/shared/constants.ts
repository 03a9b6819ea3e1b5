/** Business constants and limits, in one place for client and server. */

export const PRODUCT_NAME = 'Parley';

export const HTTP_TIMEOUT_MS = 10_000;
export const QUERY_RETRIES = 1;

export const CONTACTS_PAGE_SIZE = 50;
export const TAG_PICKER_PAGE_SIZE = 1000;
export const TAG_LIST_PAGE_SIZE = 10;
/** A team keeps at most a few hundred canned responses: the composer reads them all in one page of this size. */
export const CANNED_RESPONSE_PAGE_SIZE = 1000;
export const CONVERSATION_PAGE_SIZE = 15;
export const MESSAGE_PAGE_SIZE = 50;
/** Upper bound a client may ask for in one page of any list. */
export const MAX_PAGE_SIZE = 1000;

export const DASHBOARD_REFRESH_MS = 30_000;
export const CONVERSATION_LIST_REFRESH_MS = 30_000;
export const MESSAGE_POLL_MS = 2_000;
export const CONTACT_SEARCH_DEBOUNCE_MS = 300;
export const CONTACT_SEARCH_MIN_CHARS = 3;
/** Search answers one list of the best matches, never pages: the list paginates only without a search. */
export const CONTACT_SEARCH_RESULT_LIMIT = 50;
export const CONTACT_SEARCH_QUERY_MAX = 100;
export const NOTES_LIST_HEIGHT_PX = 400;

export const MAX_TAGS_PER_CONTACT = 10;
export const NOTE_MAX_LENGTH = 5000;
export const NOTES_PAGE_SIZE = 50;
export const MAX_TAGS_PER_BROADCAST = 20;

export const ACCOUNT_NAME = { min: 2, max: 50 } as const;
export const CONTACT_NAME = { min: 2, max: 100 } as const;
/** A WhatsApp profile name is kept up to this many characters (code points). */
export const PROFILE_NAME_MAX = 256;
export const ORGANIZATION_NAME = { min: 2, max: 100 } as const;
export const TAG_NAME = { min: 2, max: 50 } as const;
/** A canned response's shortcut (typed after '/' in the composer) and its text. */
export const CANNED_RESPONSE_SHORTCUT = { min: 2, max: 32 } as const;
export const CANNED_RESPONSE_CONTENT_MAX = 4096;
export const PASSWORD = { min: 8, max: 128 } as const;
export const EMAIL_MAX = 254;
export const PHONE_DIGITS = { min: 7, max: 15 } as const;
export const COUNTRY_CODE_DIGITS = { min: 1, max: 4 } as const;

export const CSV_MAX_BYTES = 10 * 1024 * 1024;
/** The country code of a CSV row that names none and whose mobile carries none (shown in the format guide). */
export const CSV_DEFAULT_COUNTRY_CODE = '+91';
/** An import reports at most this many bad rows one by one; the count covers them all. */
export const CSV_IMPORT_MAX_REPORTED_ERRORS = 1000;

export const ACCESS_TOKEN = { min: 20, max: 500 } as const;
export const META_ID_DIGITS = { min: 10, max: 20 } as const;
export const WEBHOOK_VERIFY_TOKEN = { min: 8, max: 100 } as const;

/** The customer-service window: free-form messages only within this many hours of the customer's latest message. */
export const STANDARD_WINDOW_HOURS = 24;
/**
 * Meta's free-entry-point window: messages are free for this many hours from the business's reply sent
 * within 24 hours of an ad-click (or Page button) message. It does not widen what may be sent.
 */
export const FREE_ENTRY_POINT_WINDOW_HOURS = 72;

export const MEDIA_URL_CACHE_MS = 30 * 60_000;
/** WhatsApp's limits: a text body of 4096 characters, a media caption of 1024. */
export const MESSAGE_MAX_LENGTH = 4096;
export const MEDIA_CAPTION_MAX_LENGTH = 1024;
export const HANDOFF_NOTE_MAX_LENGTH = 1000;
/** A thread note (the team's internal note in a chat): up to 4,096 characters, @mentioning at most 20 members. */
export const THREAD_NOTE_MAX_LENGTH = 4096;
export const MAX_NOTE_MENTIONS = 20;
export const MESSAGE_GROUPING_MS = 5 * 60_000;
export const LAST_MESSAGE_PREVIEW_CHARS = 50;
export const UNREAD_BADGE_CAP = 99;

export const TAG_COLOR_PALETTE = [
  '#1976d2', '#d32f2f', '#388e3c', '#f57c00', '#7b1fa2',
  '#0288d1', '#c2185b', '#00796b', '#fbc02d', '#5d4037',
  '#455a64', '#303f9f', '#689f38', '#e64a19', '#512da8',
  '#0097a7', '#afb42b', '#616161', '#ff5722', '#8bc34a',
] as const;
export const DEFAULT_TAG_COLOR = '#1976d2';

export const SIDEBAR_WIDTH = { collapsed: 70, expanded: 280 } as const;
export const MOBILE_BREAKPOINT = '48em';
export const COPY_FEEDBACK_MS = 2000;
export const PRIMARY_FONT = 'Inter';
export const DEFAULT_COLOR_SCHEME = 'light';

/** Toast defaults. */
export const TOAST = {
  position: { vertical: 'bottom', horizontal: 'right' },
  autoCloseMs: 4000,
  transitionMs: 250,
  width: 440,
  maxHeight: 200,
  limitPerPosition: 5,
} as const;

/** Invitations are valid for seven days (our choice; nothing else depends on the duration). */
export const INVITATION_TTL_DAYS = 7;

export const BROADCAST_PAGE_SIZE = 10;
export const MAX_BROADCAST_PARAMETER_LENGTH = 1000;
/** A broadcast picked contact by contact names at most this many (larger audiences go by tag). */
export const MAX_BROADCAST_CONTACTS = 1000;
/** While any broadcast on screen is processing, its list and analytics refresh this often. */
export const BROADCAST_PROGRESS_REFRESH_MS = 3_000;
