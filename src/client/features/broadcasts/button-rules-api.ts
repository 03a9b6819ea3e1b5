import { api } from '@client/api/base-api';
import type { AutomationRule, AutomationRuleInput, AutomationRulesResponse } from '@shared/api/broadcasts';
import type { UpdateAutomationRuleInput } from '@shared/validation/automation-rules';

/** Which broadcast a rule belongs to, so a change refreshes that broadcast's rules and analytics. */
interface RuleOf {
  broadcastId: string;
  ruleId: string;
}

/**
 * A broadcast's button rules, as its analytics page's panel lists and changes them. They live under the
 * broadcast's cache entry ({ type: 'Broadcast', id }), so a change also refreshes its button performance.
 */
export const buttonRulesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBroadcastRules: build.query<AutomationRule[], string>({
      query: (broadcastId) => ({ url: '/automation/rules', params: { broadcastId } }),
      transformResponse: (response: AutomationRulesResponse) => response.rules,
      providesTags: (_result, _error, broadcastId) => [{ type: 'Broadcast', id: broadcastId }],
    }),
    addBroadcastRule: build.mutation<AutomationRulesResponse, { broadcastId: string; rule: AutomationRuleInput }>({
      query: ({ broadcastId, rule }) => ({ url: '/automation/rules', method: 'POST', body: { broadcastId, rules: [rule] } }),
      invalidatesTags: (_result, _error, { broadcastId }) => [{ type: 'Broadcast', id: broadcastId }],
    }),
    updateBroadcastRule: build.mutation<AutomationRule, RuleOf & { change: UpdateAutomationRuleInput }>({
      query: ({ ruleId, change }) => ({ url: `/automation/rules/${encodeURIComponent(ruleId)}`, method: 'PUT', body: change }),
      invalidatesTags: (_result, _error, { broadcastId }) => [{ type: 'Broadcast', id: broadcastId }],
    }),
    deleteBroadcastRule: build.mutation<unknown, RuleOf>({
      query: ({ ruleId }) => ({ url: `/automation/rules/${encodeURIComponent(ruleId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { broadcastId }) => [{ type: 'Broadcast', id: broadcastId }],
    }),
  }),
});

export const { useGetBroadcastRulesQuery, useAddBroadcastRuleMutation, useUpdateBroadcastRuleMutation, useDeleteBroadcastRuleMutation } = buttonRulesApi;
