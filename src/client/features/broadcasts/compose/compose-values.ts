import type { AutomationAction, AutomationRuleInput, CreateBroadcastRequest } from '@shared/api/broadcasts';
import type { TemplateParameter } from '@shared/api/template-parameters';
import type { Template } from '@shared/api/templates';
import { wireParameters } from '@shared/templates/personal-parameters';
import { quickReplyButtons, templateVariableCount } from '@shared/templates/template-message';
import { emptyHeaderMedia, headerRequest, type HeaderMediaValue } from '@client/components/templates/header-media-value';
import type { PickedContact } from './contact-picker';

export type AudienceMode = 'tags' | 'contacts';

/** One quick-reply button's rule as the form holds it: an unpicked agent or tag is ''. */
export interface RuleValues {
  triggerId: string;
  triggerText: string;
  actionType: AutomationAction;
  targetUserId: string;
  targetTagId: string;
}

/** What the New Broadcast form holds; `newBroadcastFormSchema` checks it (the contacts ride along for their chips). */
export interface ComposeValues {
  templateId: string;
  /** One per variable: fixed text or a contact field with its fallback. */
  parameters: TemplateParameter[];
  /** The member confirmed fixed values that look like unfilled placeholders. */
  unfilledConfirmed: boolean;
  audience: AudienceMode;
  tagIds: string[];
  contactIds: string[];
  contacts: PickedContact[];
  rules: RuleValues[];
  /** The template's media header (a file or link), sent only when the template shows one. */
  header: HeaderMediaValue;
}

export function initialComposeValues(audience: AudienceMode): ComposeValues {
  return { templateId: '', parameters: [], unfilledConfirmed: false, audience, tagIds: [], contactIds: [], contacts: [], rules: [], header: emptyHeaderMedia() };
}

/**
 * The fields that follow the template: one parameter per variable (values already typed keep their
 * place) and one rule per quick-reply button, doing nothing until set.
 */
export function fieldsForTemplate(template: Template | undefined, parameters: readonly TemplateParameter[]): Pick<ComposeValues, 'parameters' | 'rules'> {
  if (!template) return { parameters: [], rules: [] };
  const count = templateVariableCount(template.components);
  return {
    parameters: Array.from({ length: count }, (_, index) => parameters[index] ?? { text: '' }),
    rules: quickReplyButtons(template.components).map((button) => ({
      triggerId: button.id,
      triggerText: button.text,
      actionType: 'do_nothing',
      targetUserId: '',
      targetTagId: '',
    })),
  };
}

/** A rule as the API takes it: only the target of its own action. */
export function ruleRequest(rule: RuleValues): AutomationRuleInput {
  return {
    triggerId: rule.triggerId,
    triggerText: rule.triggerText,
    actionType: rule.actionType,
    targetUserId: rule.actionType === 'assign_agent' ? rule.targetUserId : null,
    targetTagId: rule.actionType === 'add_tag' ? rule.targetTagId : null,
  };
}

/**
 * POST /broadcast's body: the audience of the chosen mode only, and each rule with only its own target.
 * Rules go only when the member may set them (automation:create); otherwise none are sent.
 */
export function toCreateRequest(values: ComposeValues, withRules: boolean): CreateBroadcastRequest {
  const header = headerRequest(values.header);
  return {
    templateId: values.templateId,
    // Fixed text goes as a bare string, as before contact fields.
    parameters: wireParameters(values.parameters),
    ...(values.audience === 'tags' ? { tagIds: values.tagIds } : { contactIds: values.contactIds }),
    ...(withRules ? { rules: values.rules.map(ruleRequest) } : {}),
    ...(header ? { header } : {}),
  };
}
