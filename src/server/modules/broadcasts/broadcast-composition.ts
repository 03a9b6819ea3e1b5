import type { AutomationRuleInput, BroadcastStatus } from '@shared/api/broadcasts';
import type { TemplateComponent } from '@shared/api/templates';
import { defaultBroadcastName } from '@shared/broadcasts/broadcast-name';
import { parameterCountProblem } from '@shared/templates/template-parameters';
import { TEMPLATE_REQUIRED, type CreateBroadcastInput } from '@shared/validation/broadcasts';
import { BROADCAST_TEXTS } from '@shared/api/broadcasts';
import type { Queryable } from '../../db/database';
import { invalidInput } from '../../lib/domain-error';
import { checkRuleTargets, rulesForTemplate } from '../automation';
import { CONTACT_NOT_FOUND } from '../contacts';
import { checkTemplateHeader } from '../media';
import { readOrganizationSettings } from '../organization-settings';
import { liveTagsAmong, TAG_NOT_FOUND } from '../tags';
import { findTemplate } from '../templates';
import type { NewBroadcast } from './broadcasts-repository';
import { contactsAmong, type Audience } from './recipients-repository';

/**
 * What a broadcast is made of, checked once for every way one is saved (sent now, drafted, scheduled,
 * edited): an APPROVED template with exactly its parameters and header, rules for its buttons, and an
 * audience of the organization's own tags or contacts.
 */

export type CompositionInput = Omit<CreateBroadcastInput, 'draft' | 'scheduledAt'>;

export interface Composition {
  /** The broadcast row's columns for it: the template snapshot, parameters, header, audience and name. */
  values: Pick<
    NewBroadcast,
    'templateId' | 'templateName' | 'templateLanguage' | 'templateComponents' | 'parameters' | 'headerMediaId' | 'headerLink' | 'audience' | 'name'
  >;
  rules: AutomationRuleInput[];
  audience: Audience;
}

/**
 * The audience as the database will read it: every tag must be a live tag of the organization and every
 * contact one of its contacts (a deleted contact is allowed and simply not reached). Duplicates are dropped.
 */
export async function checkedAudience(db: Queryable, organizationId: string, input: { tagIds?: string[]; contactIds?: string[] }): Promise<Audience> {
  if (input.tagIds) {
    const tagIds = [...new Set(input.tagIds.map((id) => id.toLowerCase()))];
    if ((await liveTagsAmong(db, organizationId, tagIds)).length !== tagIds.length) throw invalidInput(TAG_NOT_FOUND);
    return { tagIds };
  }
  const contactIds = [...new Set((input.contactIds ?? []).map((id) => id.toLowerCase()))];
  if ((await contactsAmong(db, organizationId, contactIds)).length !== contactIds.length) throw invalidInput(CONTACT_NOT_FOUND);
  return { contactIds };
}

export async function checkComposition(db: Queryable, organizationId: string, input: CompositionInput): Promise<Composition> {
  const template = await findTemplate(db, organizationId, input.templateId);
  if (!template) throw invalidInput(TEMPLATE_REQUIRED);
  if (template.status !== 'APPROVED') throw invalidInput(BROADCAST_TEXTS.templateNotApproved);
  const components = template.components as TemplateComponent[];
  const header = await checkTemplateHeader(db, organizationId, components, input.header);
  const parameterProblem = parameterCountProblem(components, input.parameters);
  if (parameterProblem) throw invalidInput(parameterProblem);
  const rules = rulesForTemplate(components, input.rules);
  await checkRuleTargets(db, organizationId, rules);
  const audience = await checkedAudience(db, organizationId, input);
  const { timeZone } = await readOrganizationSettings(db, organizationId);
  return {
    values: {
      templateId: template.id,
      templateName: template.name,
      templateLanguage: template.language,
      templateComponents: components,
      parameters: input.parameters,
      headerMediaId: header?.file?.id ?? null,
      headerLink: header?.link ?? null,
      audience,
      name: input.name || defaultBroadcastName(template.name, new Date(), timeZone),
    },
    rules,
    audience,
  };
}

/** The status a create request asks for: a draft, a scheduled broadcast, or one sent now. */
export function requestedStatus(input: Pick<CreateBroadcastInput, 'draft' | 'scheduledAt'>): BroadcastStatus {
  if (input.draft) return 'draft';
  return input.scheduledAt === undefined ? 'pending' : 'scheduled';
}
