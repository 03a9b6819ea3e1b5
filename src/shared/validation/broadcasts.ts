import { array, mixed, object, string, type InferType } from 'yup';
import { AUTOMATION_ACTIONS, BROADCAST_STATUSES, RECIPIENT_FILTERS, type AutomationAction } from '../api/broadcasts';
import { BROADCAST_PAGE_SIZE, MAX_BROADCAST_CONTACTS, MAX_TAGS_PER_BROADCAST } from '../constants';
import { pageQuerySchema } from './page-query';
import { parametersField, unfilledConfirmedField } from './template-parameters';
import { UUID_FORMAT } from './route-input';
import { templateHeaderField } from './template-header';
import { BROADCAST_DRAFT_TEXTS } from '../api/broadcast-drafts';
import { broadcastNameField, draftField, scheduledAtField } from './broadcast-schedule';

/** The New Broadcast form's rules, which POST /broadcast applies to the same fields. */

export const TEMPLATE_REQUIRED = 'Please select a template';
export const TAGS_REQUIRED = 'Please select at least one tag';
export const TOO_MANY_TAGS = `Too many tags selected (max ${MAX_TAGS_PER_BROADCAST})`;
export const CONTACTS_REQUIRED = 'Please select at least one contact';
export const TOO_MANY_CONTACTS = `Too many contacts selected (max ${MAX_BROADCAST_CONTACTS}); use a tag for larger audiences`;
export const AGENT_REQUIRED = 'Please select an agent';
export const TAG_FOR_RULE_REQUIRED = 'Please select a tag';
export const AUDIENCE_EITHER = 'Choose either tags or contacts';

// The parameters' rules live with the chat's template send's, in one place.
export { parameterBadSpacing, parameterRequired, parameterTooLong, parametersField } from './template-parameters';

/** Meta allows at most 10 buttons per template, so no broadcast has more rules. */
const MAX_RULES = 10;
const uuid = (message: string) => string().matches(UUID_FORMAT, message);

export const tagIdsField = array(uuid('Tag not found').required())
  .min(1, TAGS_REQUIRED)
  .max(MAX_TAGS_PER_BROADCAST, TOO_MANY_TAGS);

export const contactIdsField = array(uuid('Contact not found').required())
  .min(1, CONTACTS_REQUIRED)
  .max(MAX_BROADCAST_CONTACTS, TOO_MANY_CONTACTS);

/** One button's automation: assign_agent needs an agent, add_tag a tag. */
export const automationRuleSchema = object({
  triggerId: string().trim().required('Button is required').max(10, 'Button not found'),
  triggerText: string().trim().required('Button text is required').max(100, 'Button text is too long'),
  actionType: mixed<AutomationAction>()
    .oneOf(AUTOMATION_ACTIONS, `Action must be one of ${AUTOMATION_ACTIONS.join(', ')}`)
    .required('Action is required'),
  targetUserId: string()
    .nullable()
    .matches(UUID_FORMAT, { message: 'Agent not found', excludeEmptyString: true })
    .when('actionType', { is: 'assign_agent', then: (field) => field.required(AGENT_REQUIRED) }),
  targetTagId: string()
    .nullable()
    .matches(UUID_FORMAT, { message: 'Tag not found', excludeEmptyString: true })
    .when('actionType', { is: 'add_tag', then: (field) => field.required(TAG_FOR_RULE_REQUIRED) }),
});

export const automationRulesField = array(automationRuleSchema.required())
  .max(MAX_RULES, `At most ${MAX_RULES} button rules`)
  .default([])
  .test('one-rule-per-button', 'Each button can have one rule', (rules) => new Set((rules ?? []).map((r) => r.triggerId)).size === (rules ?? []).length);

/** POST /broadcast: a template, its parameters, the audience (tags or contacts, not both) and button rules. */
export const createBroadcastSchema = object({
  templateId: string().required(TEMPLATE_REQUIRED).matches(UUID_FORMAT, TEMPLATE_REQUIRED),
  parameters: parametersField,
  header: templateHeaderField,
  tagIds: tagIdsField.optional(),
  contactIds: contactIdsField.optional(),
  rules: automationRulesField,
  name: broadcastNameField.optional(),
  draft: draftField.optional(),
  scheduledAt: scheduledAtField.optional(),
}).test('audience', AUDIENCE_EITHER, (value, context) => {
  const hasTags = value.tagIds !== undefined;
  const hasContacts = value.contactIds !== undefined;
  if (hasTags === hasContacts) return context.createError({ path: 'tagIds', message: hasTags ? AUDIENCE_EITHER : TAGS_REQUIRED });
  if (value.draft && value.scheduledAt !== undefined) return context.createError({ path: 'scheduledAt', message: BROADCAST_DRAFT_TEXTS.draftAndSchedule });
  return true;
});

export type CreateBroadcastInput = InferType<typeof createBroadcastSchema>;

/**
 * PUT /broadcast/{id}: the same composition; `scheduledAt` moves a scheduled broadcast. Without `rules`
 * the broadcast keeps its button rules (a member who may not set rules can still edit the rest).
 */
export const updateBroadcastSchema = createBroadcastSchema.omit(['draft']).shape({ rules: automationRulesField.default(undefined) });
export type UpdateBroadcastInput = InferType<typeof updateBroadcastSchema>;

/** POST /broadcast/audience: the reach of tags or contacts before sending. */
export const audienceSchema = object({
  tagIds: tagIdsField.optional(),
  contactIds: contactIdsField.optional(),
}).test('audience', AUDIENCE_EITHER, (value, context) => {
  if ((value.tagIds !== undefined) === (value.contactIds !== undefined)) return context.createError({ path: 'tagIds', message: AUDIENCE_EITHER });
  return true;
});

/** The New Broadcast form: the audience mode picks which list is checked. */
export const newBroadcastFormSchema = object({
  templateId: string().required(TEMPLATE_REQUIRED),
  parameters: parametersField,
  unfilledConfirmed: unfilledConfirmedField,
  audience: mixed<'tags' | 'contacts'>().oneOf(['tags', 'contacts']).required(),
  tagIds: array(string().required()).when('audience', {
    is: 'tags',
    then: () => array(string().required()).min(1, TAGS_REQUIRED).max(MAX_TAGS_PER_BROADCAST, TOO_MANY_TAGS),
  }),
  contactIds: array(string().required()).when('audience', {
    is: 'contacts',
    then: () => array(string().required()).min(1, CONTACTS_REQUIRED).max(MAX_BROADCAST_CONTACTS, TOO_MANY_CONTACTS),
  }),
  rules: automationRulesField,
});


/** GET /broadcast: a page of 10, newest first, optionally one status. */
export const broadcastListQuerySchema = pageQuerySchema(BROADCAST_PAGE_SIZE).shape({
  status: string().oneOf(BROADCAST_STATUSES, `Status must be one of ${BROADCAST_STATUSES.join(', ')}`).optional(),
});

/** GET /broadcast/{id}/recipients: a drill-down page; `errorCode` narrows the failed ones to one reason. */
export const recipientListQuerySchema = pageQuerySchema(50).shape({
  filter: string().oneOf(RECIPIENT_FILTERS, `Filter must be one of ${RECIPIENT_FILTERS.join(', ')}`).default('attempted'),
  errorCode: string().matches(/^(\d{1,9}|none)$/, 'errorCode must be a Meta error code or none').optional(),
});

/** GET /automation/rules?broadcastId= */
export const automationRulesQuerySchema = object({
  broadcastId: uuid('Broadcast not found').optional(),
});

/** POST /automation/rules */
export const createAutomationRulesSchema = object({
  broadcastId: string().required('Broadcast not found').matches(UUID_FORMAT, 'Broadcast not found'),
  rules: automationRulesField.min(1, 'At least one rule is required'),
});
