import type { InferType } from 'yup';
import { automationRuleSchema } from './broadcasts';

/** PUT /automation/rules/{id}, and the rules panel's edit form: what the rule's button does now (the button stays). */
export const updateAutomationRuleSchema = automationRuleSchema.pick(['actionType', 'targetUserId', 'targetTagId']);
export type UpdateAutomationRuleInput = InferType<typeof updateAutomationRuleSchema>;
