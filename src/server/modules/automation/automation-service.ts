import { BROADCAST_TEXTS, type AutomationRule, type AutomationRuleInput, type AutomationRulesResponse } from '@shared/api/broadcasts';
import type { AgentsResponse } from '@shared/api/conversations';
import type { TemplateComponent } from '@shared/api/templates';
import { quickReplyButtons } from '@shared/templates/template-message';
import type { AuthContext } from '../../types';
import type { Database, Queryable } from '../../db/database';
import { invalidInput, notFound } from '../../lib/domain-error';
import { listMemberPeople } from '../members';
import { liveTagsAmong } from '../tags';
import { deleteRule, findBroadcastTemplate, insertRules, listRules, updateRule } from './automation-rules-repository';

/** Button automation and assignment: who work can be given to, and what a broadcast's buttons do. */

export const AGENT_NOT_FOUND = 'Agent not found';
export const RULE_TAG_NOT_FOUND = 'Tag not found';
export const RULE_NOT_FOUND = 'Rule not found';
export const NOT_A_QUICK_REPLY = 'Rules can only be set for the quick-reply buttons of the broadcast\'s template';

/**
 * Every member of the organization may be assigned conversations (and a broadcast button's replies), by
 * name. Their email addresses are the team's details: only a member with members:view gets them.
 */
export async function listAgents(db: Database, viewer: Pick<AuthContext, 'organizationId' | 'permissions'>): Promise<AgentsResponse> {
  const people = await listMemberPeople(db, viewer.organizationId);
  const withEmail = viewer.permissions.includes('members:view');
  return { agents: people.map((person) => ({ id: person.userId, name: person.name, ...(withEmail ? { email: person.email } : {}) })) };
}

/** Refuses a rule whose agent is not a member of the organization or whose tag is not one of its live tags. */
export async function checkRuleTargets(db: Queryable, organizationId: string, rules: readonly AutomationRuleInput[]): Promise<void> {
  const agentIds = new Set(rules.flatMap((rule) => (rule.actionType === 'assign_agent' && rule.targetUserId ? [rule.targetUserId] : [])));
  if (agentIds.size > 0) {
    const members = new Set((await listMemberPeople(db, organizationId)).map((person) => person.userId));
    if ([...agentIds].some((id) => !members.has(id))) throw invalidInput(AGENT_NOT_FOUND);
  }
  const tagIds = [...new Set(rules.flatMap((rule) => (rule.actionType === 'add_tag' && rule.targetTagId ? [rule.targetTagId] : [])))];
  if (tagIds.length > 0 && (await liveTagsAmong(db, organizationId, tagIds)).length !== tagIds.length) {
    throw invalidInput(RULE_TAG_NOT_FOUND);
  }
}

/**
 * The rules as stored for a template: each must name one of its quick-reply buttons (by position), and
 * takes the button's own text, so analytics name the button the customer saw.
 */
export function rulesForTemplate(components: TemplateComponent[], rules: readonly AutomationRuleInput[]): AutomationRuleInput[] {
  const buttons = new Map(quickReplyButtons(components).map((button) => [button.id, button.text]));
  return rules.map((rule) => {
    const text = buttons.get(rule.triggerId);
    if (text === undefined) throw invalidInput(NOT_A_QUICK_REPLY);
    return { ...rule, triggerText: text };
  });
}

export async function listAutomationRules(db: Queryable, organizationId: string, broadcastId?: string): Promise<AutomationRulesResponse> {
  return { rules: await listRules(db, organizationId, broadcastId) };
}

/** Adds rules to a broadcast's buttons that have none yet (a button keeps its first rule); answers the broadcast's rules. */
export async function createAutomationRules(
  db: Database,
  organizationId: string,
  request: { broadcastId: string; rules: AutomationRuleInput[] },
): Promise<AutomationRule[]> {
  return db.transaction(async (tx) => {
    const broadcast = await findBroadcastTemplate(tx, organizationId, request.broadcastId);
    if (!broadcast) throw notFound(BROADCAST_TEXTS.notFound);
    const rules = rulesForTemplate(broadcast.components, request.rules);
    await checkRuleTargets(tx, organizationId, rules);
    await insertRules(tx, organizationId, request.broadcastId, rules);
    return listRules(tx, organizationId, request.broadcastId);
  });
}

/**
 * Changes what one rule's button does (its button stays): the agent must be a member and the tag one of
 * the organization's live tags, as when it was made. Answers the rule as stored.
 */
export async function updateAutomationRule(
  db: Database,
  organizationId: string,
  ruleId: string,
  change: Pick<AutomationRuleInput, 'actionType' | 'targetUserId' | 'targetTagId'>,
): Promise<AutomationRule> {
  return db.transaction(async (tx) => {
    await checkRuleTargets(tx, organizationId, [{ triggerId: '', triggerText: '', ...change }]);
    const rule = await updateRule(tx, organizationId, ruleId, change);
    if (!rule) throw notFound(RULE_NOT_FOUND);
    return rule;
  });
}

export async function deleteAutomationRule(db: Database, organizationId: string, ruleId: string): Promise<void> {
  if (!(await deleteRule(db, organizationId, ruleId))) throw notFound(RULE_NOT_FOUND);
}

// Broadcasts store their button rules and read their click counts inside their own transactions.
export { insertRules, replaceRules } from './automation-rules-repository';

// Broadcasts store their button rules and read their click counts inside their own transactions.
export { clickSummary } from './button-clicks-repository';
