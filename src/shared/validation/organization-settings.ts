import { array, boolean, number, object, type InferType } from 'yup';
import { canonicalTimeZone } from '../organization-settings/time-zones';
import { pageQuerySchema } from './page-query';
import { trimmedText } from './trimmed-text';

/** The Organization tab's rules, which PATCH /organization/settings applies to the same fields. */

export const AUTO_ASSIGN_CAP = { min: 1, max: 500 } as const;
export const ORGANIZATION_SETTING_CHANGES_PAGE_SIZE = 20;

const CAP_RANGE = `Open conversations per member must be between ${AUTO_ASSIGN_CAP.min} and ${AUTO_ASSIGN_CAP.max}`;
export const TIME_ZONE_INVALID = 'Time zone must be an IANA time zone, such as Europe/Berlin';

// Strict: a JSON true or false, never "yes" or 1 taken for one.
const readReceiptsField = boolean().strict().typeError('Read receipts must be true or false');
const autoAssignEnabledField = boolean().strict().typeError('Auto-assignment must be true or false');

const autoAssignCapField = number()
  .typeError('Open conversations per member must be a number')
  .integer('Open conversations per member must be a whole number')
  .min(AUTO_ASSIGN_CAP.min, CAP_RANGE)
  .max(AUTO_ASSIGN_CAP.max, CAP_RANGE);

const timeZoneField = trimmedText('Time zone must be text')
  .transform((value: unknown) => (typeof value === 'string' ? (canonicalTimeZone(value) ?? value) : value))
  .test('time-zone', TIME_ZONE_INVALID, (value) => value === undefined || canonicalTimeZone(value) === value);

export const OPT_OUT_KEYWORDS_LIMIT = { count: 20, length: 40 } as const;

/** The organization's own opt-out keywords: each a word or short phrase, no blank ones, no more than 20. */
const optOutKeywordsField = array(
  trimmedText('Each opt-out keyword must be text')
    .required('An opt-out keyword cannot be empty')
    .max(OPT_OUT_KEYWORDS_LIMIT.length, `An opt-out keyword can have at most ${OPT_OUT_KEYWORDS_LIMIT.length} characters`),
)
  .strict()
  .typeError('Opt-out keywords must be a list of words')
  .max(OPT_OUT_KEYWORDS_LIMIT.count, `At most ${OPT_OUT_KEYWORDS_LIMIT.count} opt-out keywords`);

/** PATCH /organization/settings: any part of the settings, each field under the form's rule. */
export const organizationSettingsPatchSchema = object({
  readReceipts: readReceiptsField.optional(),
  autoAssign: object({ enabled: autoAssignEnabledField.optional(), cap: autoAssignCapField.optional() })
    .typeError('Auto-assignment must be an object with enabled and cap')
    .default(undefined)
    .optional(),
  timeZone: timeZoneField.optional(),
  optOutKeywords: optOutKeywordsField.default(undefined).optional(),
});

export type OrganizationSettingsPatch = InferType<typeof organizationSettingsPatchSchema>;

/** The Organization tab's form: every setting present. */
export const organizationSettingsFormSchema = object({
  readReceipts: readReceiptsField.required(),
  autoAssign: object({
    enabled: autoAssignEnabledField.required(),
    cap: autoAssignCapField.required('Open conversations per member is required'),
  }),
  timeZone: timeZoneField.required('Time zone is required'),
  optOutKeywords: optOutKeywordsField.required(),
});

/** GET /organization/settings/changes: newest first, a page at a time. */
export const organizationSettingChangesQuerySchema = pageQuerySchema(ORGANIZATION_SETTING_CHANGES_PAGE_SIZE);
