import type { BroadcastDetail } from '@shared/api/broadcast-detail';
import type { SendBroadcastRequest, UpdateBroadcastRequest } from '@shared/api/broadcast-drafts';
import type { Template } from '@shared/api/templates';
import { wallTimeAt } from '@shared/format/zoned-time';
import { storedParameters } from '@shared/templates/personal-parameters';
import type { HeaderMediaValue } from '@client/components/templates/header-media-value';
import type { BroadcastFormValues } from './compose-form';
import { fieldsForTemplate, toCreateRequest, type RuleValues } from './compose-values';
import { scheduleRequest, type ComposeIntent } from './schedule-values';

/** Editing a saved draft or scheduled broadcast: the form filled from GET /broadcast/{id}, and the requests that save and send it. */

function headerValue(header: BroadcastDetail['header']): HeaderMediaValue {
  if (!header) return { mode: 'file', link: '' };
  if ('link' in header) return { mode: 'link', link: header.link };
  return { mode: 'file', link: '', mediaId: header.mediaId, saved: { fileName: header.fileName, sizeBytes: header.sizeBytes } };
}

/** Each button's field as the form holds it: its saved rule, or "do nothing" for a button without one. */
function savedRules(defaults: readonly RuleValues[], saved: BroadcastDetail['rules']): RuleValues[] {
  return defaults.map((rule) => {
    const stored = saved?.find((candidate) => candidate.triggerId === rule.triggerId);
    return stored ? { ...rule, actionType: stored.actionType, targetUserId: stored.targetUserId ?? '', targetTagId: stored.targetTagId ?? '' } : rule;
  });
}

/**
 * The form as the broadcast was saved. `template` is its template among the approved ones (undefined
 * when it is no longer approved: the member then picks one again); the time is shown in `timeZone`.
 */
export function editValuesOf(detail: BroadcastDetail, template: Template | undefined, timeZone: string): BroadcastFormValues {
  const saved = storedParameters(detail.parameters);
  const fields = fieldsForTemplate(template, saved);
  const audience = detail.audience && 'contactIds' in detail.audience ? 'contacts' : 'tags';
  return {
    templateId: template ? detail.templateId : '',
    parameters: template ? fields.parameters : saved,
    unfilledConfirmed: false,
    audience,
    tagIds: detail.audience && 'tags' in detail.audience ? detail.audience.tags.map((tag) => tag.id) : [],
    contactIds: detail.contacts.map((contact) => contact.id),
    contacts: detail.contacts,
    rules: savedRules(fields.rules, detail.rules),
    header: headerValue(detail.header),
    name: detail.name,
    sendAt: detail.scheduledAt ? wallTimeAt(detail.scheduledAt, timeZone) : '',
  };
}

export interface EditRequests {
  /** PUT /broadcast/{id}: the composition; a scheduled broadcast's new time when it is scheduled again. */
  body: UpdateBroadcastRequest;
  /** POST /broadcast/{id}/send after it, or null to only save. */
  send: SendBroadcastRequest | null;
}

/**
 * What saving the form asks for: the composition always (rules only when the member may set them;
 * without them the broadcast keeps its own), then for Send now the send, and for Schedule the time:
 * a scheduled broadcast moves with its PUT, a draft is scheduled by its send.
 */
export function editRequests(
  values: BroadcastFormValues,
  intent: ComposeIntent,
  { status, timeZone, withRules }: { status: BroadcastDetail['status']; timeZone: string; withRules: boolean },
): EditRequests {
  const { name, scheduledAt } = scheduleRequest(values, intent, timeZone);
  const composition = { ...toCreateRequest(values, withRules), ...(name ? { name } : {}) };
  if (intent === 'now') return { body: composition, send: {} };
  if (intent === 'schedule' && scheduledAt) {
    return status === 'scheduled' ? { body: { ...composition, scheduledAt }, send: null } : { body: composition, send: { scheduledAt } };
  }
  return { body: composition, send: null };
}
