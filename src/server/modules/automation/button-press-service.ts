import { MAX_TAGS_PER_CONTACT } from '@shared/constants';
import type { TemplateButton } from '@shared/api/templates';
import type { Database, Queryable } from '../../db/database';
import { noteButtonPress } from '../broadcast-summary';
import { assignByAutomation, findMessageByWamid, type MessageRow } from '../conversations';
import { attachTags, liveTagsAmong, tagsOfContact } from '../tags';
import { recordActivity } from '../timeline';
import { findBroadcastTemplate, findRule, type AutomationRuleRow } from './automation-rules-repository';
import { insertClick, setClickOutcome, type ClickOutcome } from './button-clicks-repository';
import { quickReplyButtons } from '@shared/templates/template-message';

/**
 * A customer pressed a quick-reply button of a broadcast's message sent to them. Each press is recorded once (keyed
 * by the press's own wamid) and its button's rule is applied in the same transaction: assign_agent
 * gives the conversation to the agent, add_tag tags the contact, do_nothing only counts. A replayed
 * or reordered webhook finds the press recorded and applies nothing again.
 */

export interface ButtonPress {
  /** The press's wamid (the inbound `button` message). */
  wamid: string;
  /** The wamid of the business message whose button was pressed (`context.id`). */
  contextWamid: string;
  text: string;
  payload: string | undefined;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The press an inbound message is, from its raw payload: a template quick reply answering a known message. */
export function buttonPressOf(message: { wamid: string; type: string; payload: unknown }): ButtonPress | null {
  if (message.type !== 'button' || !isObject(message.payload)) return null;
  const { context, button } = message.payload;
  if (!isObject(context) || typeof context.id !== 'string' || !isObject(button)) return null;
  const text = typeof button.text === 'string' ? button.text : undefined;
  const payload = typeof button.payload === 'string' ? button.payload : undefined;
  if (!text && !payload) return null;
  return { wamid: message.wamid, contextWamid: context.id, text: text ?? payload ?? '', payload };
}

/** The template button a press names: by its text, else by a payload naming its position. */
function pressedButton(buttons: TemplateButton[], press: ButtonPress): TemplateButton | undefined {
  return buttons.find((button) => button.text === press.text)
    ?? buttons.find((button) => press.payload !== undefined && (press.payload === button.id || press.payload.endsWith(`:${button.id}`)));
}

/** Records the presses among newly stored inbound messages and applies their rules. Answers how many were new presses. */
export async function applyButtonPresses(db: Database, organizationId: string, presses: readonly ButtonPress[]): Promise<number> {
  let recorded = 0;
  for (const press of presses) {
    if (await applyPress(db, organizationId, press)) recorded += 1;
  }
  return recorded;
}

async function applyPress(db: Database, organizationId: string, press: ButtonPress): Promise<boolean> {
  const [pressed, original] = await Promise.all([
    findMessageByWamid(db, organizationId, press.wamid),
    findMessageByWamid(db, organizationId, press.contextWamid),
  ]);
  if (!pressed || !original?.broadcastId) return false;
  // Only the customer the message was sent to can press its buttons: a `button` message from anyone else
  // naming it stays a message in their own chat, and is neither counted nor applied.
  if (pressed.contactId !== original.contactId) return false;
  const broadcastId = original.broadcastId;
  const template = await findBroadcastTemplate(db, organizationId, broadcastId);
  if (!template) return false;
  const button = pressedButton(quickReplyButtons(template.components), press);

  return db.transaction(async (tx) => {
    // The press is recorded first: a replayed webhook (or a second worker on the same press) finds it
    // recorded, waits for the first to commit on the unique key, and applies nothing.
    const clickId = await insertClick(tx, {
      organizationId,
      broadcastId,
      contactId: pressed.contactId,
      messageId: original.id,
      pressWamid: press.wamid,
      triggerId: button?.id ?? null,
      buttonText: button?.text ?? press.text,
    });
    if (!clickId) return false;
    await noteButtonPress(tx, organizationId, broadcastId, pressed.contactId);
    const rule = button ? await findRule(tx, organizationId, broadcastId, button.id) : null;
    if (rule) {
      const because = `by the '${button?.text ?? press.text}' button of the broadcast '${template.templateName}'`;
      await setClickOutcome(tx, organizationId, clickId, await applyRule(tx, organizationId, rule, pressed, because));
    }
    return true;
  });
}

async function applyRule(
  tx: Queryable,
  organizationId: string,
  rule: AutomationRuleRow,
  pressed: MessageRow,
  because: string,
): Promise<ClickOutcome> {
  switch (rule.actionType) {
    case 'assign_agent': {
      const assigned = rule.targetUserId
        ? await assignByAutomation(tx, organizationId, { id: pressed.conversationId, contactId: pressed.contactId }, rule.targetUserId, because)
        : false;
      return { actionType: rule.actionType, assignedToUserId: assigned ? rule.targetUserId : null };
    }
    case 'add_tag': {
      if (rule.targetTagId) await tagContact(tx, organizationId, pressed.contactId, rule.targetTagId, because);
      return { actionType: rule.actionType, assignedToUserId: null };
    }
    case 'do_nothing':
      return { actionType: rule.actionType, assignedToUserId: null };
  }
}

/** Adds the rule's tag unless the tag is gone, the contact has it, or the contact already carries the most tags allowed. */
async function tagContact(tx: Queryable, organizationId: string, contactId: string, tagId: string, because: string): Promise<void> {
  const [tag] = await liveTagsAmong(tx, organizationId, [tagId]);
  if (!tag) return;
  const current = await tagsOfContact(tx, organizationId, contactId);
  if (current.some((t) => t.id === tagId) || current.length >= MAX_TAGS_PER_CONTACT) return;
  await attachTags(tx, organizationId, contactId, [tagId]);
  await recordActivity(tx, { organizationId, contactId, userId: null, content: `Tagged ${tag.name} ${because}` });
}
