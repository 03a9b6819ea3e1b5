import { and, count, countDistinct, eq, sql } from 'drizzle-orm';
import type { AssignmentShare, AutomationAction, ButtonPerformance } from '@shared/api/broadcasts';
import type { Queryable } from '../../db/database';
import { automationRules, buttonClicks, tags, users } from '../../db/schema';

/** Presses of broadcast buttons. This repository owns button_clicks. */

export interface NewButtonClick {
  organizationId: string;
  broadcastId: string;
  contactId: string;
  /** The broadcast message whose button was pressed. */
  messageId: string;
  /** The press's own wamid: a replayed webhook names the same one. */
  pressWamid: string;
  triggerId: string | null;
  buttonText: string;
}

/** What a press's rule did: its action, and the agent the conversation went to. */
export interface ClickOutcome {
  actionType: AutomationAction;
  assignedToUserId: string | null;
}

/** Records a press once; answers its id, or null when this press (its wamid) was recorded already. */
export async function insertClick(db: Queryable, click: NewButtonClick): Promise<string | null> {
  const [inserted] = await db.insert(buttonClicks).values(click).onConflictDoNothing().returning({ id: buttonClicks.id });
  return inserted?.id ?? null;
}

export async function setClickOutcome(db: Queryable, organizationId: string, clickId: string, outcome: ClickOutcome): Promise<void> {
  await db.update(buttonClicks).set(outcome).where(and(eq(buttonClicks.organizationId, organizationId), eq(buttonClicks.id, clickId)));
}

export interface ClickSummary {
  totalButtonClicks: number;
  uniqueContactsClicked: number;
  buttonPerformance: ButtonPerformance[];
  assignmentDistribution: AssignmentShare[];
}

/** Presses and distinct pressers, overall and per button text. */
export interface PressCounts {
  clicks: number;
  contacts: number;
  perButton: Array<{ buttonText: string; clicks: number; contacts: number }>;
}

/** A broadcast's presses counted from every press (the broadcast summary keeps the same figures as it goes). */
async function countPresses(db: Queryable, organizationId: string, broadcastId: string): Promise<PressCounts> {
  const ofBroadcast = and(eq(buttonClicks.organizationId, organizationId), eq(buttonClicks.broadcastId, broadcastId));
  const [totals] = await db
    .select({ clicks: count(), contacts: countDistinct(buttonClicks.contactId) })
    .from(buttonClicks)
    .where(ofBroadcast);
  const perButton = await db
    .select({ buttonText: buttonClicks.buttonText, clicks: count(), contacts: countDistinct(buttonClicks.contactId) })
    .from(buttonClicks)
    .where(ofBroadcast)
    .groupBy(buttonClicks.buttonText);
  return { clicks: totals?.clicks ?? 0, contacts: totals?.contacts ?? 0, perButton };
}

/**
 * A broadcast's button figures: presses and distinct pressers overall and per button (with the button's
 * rule and its agent; a button with a rule and no press shows 0), and how many conversations each agent
 * was given and by which buttons. The presses come from `counted` when given (the broadcast's summary),
 * else from every press.
 */
export async function clickSummary(db: Queryable, organizationId: string, broadcastId: string, counted?: PressCounts): Promise<ClickSummary> {
  const ofBroadcast = and(eq(buttonClicks.organizationId, organizationId), eq(buttonClicks.broadcastId, broadcastId));
  const presses = counted ?? await countPresses(db, organizationId, broadcastId);
  const { perButton } = presses;

  const rules = await db
    .select({
      triggerText: automationRules.triggerText,
      actionType: automationRules.actionType,
      agentName: users.name,
      agentEmail: users.email,
      tagName: tags.name,
    })
    .from(automationRules)
    .leftJoin(users, eq(users.id, automationRules.targetUserId))
    .leftJoin(tags, eq(tags.id, automationRules.targetTagId))
    .where(and(eq(automationRules.organizationId, organizationId), eq(automationRules.broadcastId, broadcastId)))
    .orderBy(automationRules.triggerId);

  const byText = new Map(perButton.map((row) => [row.buttonText, row]));
  const buttonPerformance: ButtonPerformance[] = rules.map((rule) => {
    const clicks = byText.get(rule.triggerText);
    byText.delete(rule.triggerText);
    return {
      buttonText: rule.triggerText,
      clickCount: clicks?.clicks ?? 0,
      uniqueClicks: clicks?.contacts ?? 0,
      actionType: rule.actionType,
      assignedAgent: rule.actionType === 'assign_agent' && rule.agentName !== null && rule.agentEmail !== null
        ? { name: rule.agentName, email: rule.agentEmail }
        : null,
      tagName: rule.actionType === 'add_tag' ? rule.tagName : null,
    };
  });
  for (const rest of byText.values()) {
    buttonPerformance.push({ buttonText: rest.buttonText, clickCount: rest.clicks, uniqueClicks: rest.contacts, actionType: null, assignedAgent: null, tagName: null });
  }

  const assignments = await db
    .select({
      userId: buttonClicks.assignedToUserId,
      agentName: users.name,
      agentEmail: users.email,
      buttonText: buttonClicks.buttonText,
      clicks: count(),
    })
    .from(buttonClicks)
    .innerJoin(users, eq(users.id, buttonClicks.assignedToUserId))
    .where(and(ofBroadcast, sql`${buttonClicks.assignedToUserId} is not null`))
    .groupBy(buttonClicks.assignedToUserId, users.name, users.email, buttonClicks.buttonText)
    .orderBy(users.name, buttonClicks.buttonText);

  const byAgent = new Map<string, AssignmentShare>();
  for (const row of assignments) {
    const key = row.userId ?? '';
    const share = byAgent.get(key) ?? { agentName: row.agentName, agentEmail: row.agentEmail, assignmentCount: 0, buttons: [] };
    share.assignmentCount += row.clicks;
    share.buttons.push({ buttonText: row.buttonText, clickCount: row.clicks });
    byAgent.set(key, share);
  }

  return {
    totalButtonClicks: presses.clicks,
    uniqueContactsClicked: presses.contacts,
    buttonPerformance,
    assignmentDistribution: [...byAgent.values()].sort((a, b) => b.assignmentCount - a.assignmentCount),
  };
}
