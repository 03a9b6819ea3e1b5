import { and, asc, eq, sql } from 'drizzle-orm';
import type { AutomationRule, AutomationRuleInput } from '@shared/api/broadcasts';
import type { TemplateComponent } from '@shared/api/templates';
import type { Queryable } from '../../db/database';
import { automationRules, broadcasts } from '../../db/schema';

/** Button automation rules: what pressing a broadcast's quick-reply button does. This repository owns automation_rules. */

export type AutomationRuleRow = typeof automationRules.$inferSelect;

function toRule(row: AutomationRuleRow): AutomationRule {
  return {
    id: row.id,
    broadcastId: row.broadcastId,
    triggerId: row.triggerId,
    triggerText: row.triggerText,
    actionType: row.actionType,
    targetUserId: row.targetUserId,
    targetTagId: row.targetTagId,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Stores a broadcast's rules; a button that already has one keeps it (one rule per button). Answers
 * how many were stored.
 */
export async function insertRules(
  db: Queryable,
  organizationId: string,
  broadcastId: string,
  rules: readonly AutomationRuleInput[],
): Promise<number> {
  if (rules.length === 0) return 0;
  const stored = await db
    .insert(automationRules)
    .values(rules.map((rule) => ({
      organizationId,
      broadcastId,
      triggerId: rule.triggerId,
      triggerText: rule.triggerText,
      actionType: rule.actionType,
      targetUserId: rule.actionType === 'assign_agent' ? rule.targetUserId ?? null : null,
      targetTagId: rule.actionType === 'add_tag' ? rule.targetTagId ?? null : null,
    })))
    .onConflictDoNothing()
    .returning({ id: automationRules.id });
  return stored.length;
}

/** A draft's or scheduled broadcast's rules, composed anew: the old ones go, these are stored. */
export async function replaceRules(
  db: Queryable,
  organizationId: string,
  broadcastId: string,
  rules: readonly AutomationRuleInput[],
): Promise<number> {
  await db.delete(automationRules).where(and(eq(automationRules.organizationId, organizationId), eq(automationRules.broadcastId, broadcastId)));
  return insertRules(db, organizationId, broadcastId, rules);
}

/** The organization's rules, or one broadcast's, oldest first. */
export async function listRules(db: Queryable, organizationId: string, broadcastId?: string): Promise<AutomationRule[]> {
  const rows = await db
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.organizationId, organizationId), broadcastId ? eq(automationRules.broadcastId, broadcastId) : undefined))
    .orderBy(asc(automationRules.broadcastId), asc(automationRules.triggerId));
  return rows.map(toRule);
}

/** Sets what one rule of the organization does (a target only for its own action); null when there is none with that id. */
export async function updateRule(
  db: Queryable,
  organizationId: string,
  ruleId: string,
  change: Pick<AutomationRuleInput, 'actionType' | 'targetUserId' | 'targetTagId'>,
): Promise<AutomationRule | null> {
  const [row] = await db
    .update(automationRules)
    .set({
      actionType: change.actionType,
      targetUserId: change.actionType === 'assign_agent' ? change.targetUserId ?? null : null,
      targetTagId: change.actionType === 'add_tag' ? change.targetTagId ?? null : null,
    })
    .where(and(eq(automationRules.organizationId, organizationId), eq(automationRules.id, ruleId)))
    .returning();
  return row ? toRule(row) : null;
}

/** Deletes one rule of the organization; false when there is none with that id. */
export async function deleteRule(db: Queryable, organizationId: string, ruleId: string): Promise<boolean> {
  const deleted = await db
    .delete(automationRules)
    .where(and(eq(automationRules.organizationId, organizationId), eq(automationRules.id, ruleId)))
    .returning({ id: automationRules.id });
  return deleted.length > 0;
}

/** The rule of one button of a broadcast, or null. */
export async function findRule(db: Queryable, organizationId: string, broadcastId: string, triggerId: string): Promise<AutomationRuleRow | null> {
  const [row] = await db
    .select()
    .from(automationRules)
    .where(and(
      eq(automationRules.organizationId, organizationId),
      eq(automationRules.broadcastId, broadcastId),
      eq(automationRules.triggerId, triggerId),
    ));
  return row ?? null;
}

/** What rules are checked against: a broadcast's template (its buttons) and name, or null when it is not the organization's. */
export async function findBroadcastTemplate(
  db: Queryable,
  organizationId: string,
  broadcastId: string,
): Promise<{ templateName: string; components: TemplateComponent[] } | null> {
  const [row] = await db
    .select({ templateName: broadcasts.templateName, components: sql<TemplateComponent[]>`${broadcasts.templateComponents}` })
    .from(broadcasts)
    .where(and(eq(broadcasts.organizationId, organizationId), eq(broadcasts.id, broadcastId)));
  return row ?? null;
}
