import type { AgentsResponse, AssignableAgent } from '@shared/api/conversations';
import { api } from './base-api';

/**
 * The members work can be assigned to: the inbox's assign dialog and New Broadcast's assign_agent
 * button rules. Member changes ('Member') refresh it.
 */
export const agentsEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    getAgents: build.query<AssignableAgent[], void>({
      query: () => '/automation/agents',
      transformResponse: (response: AgentsResponse) => response.agents,
      providesTags: ['Member'],
    }),
  }),
});

export const { useGetAgentsQuery } = agentsEndpoints;

/** An agent as the menus name them: the name, and the email address when the member may see the team's. */
export function agentLabel(agent: Pick<AssignableAgent, 'name' | 'email'>): string {
  return agent.email ? `${agent.name} (${agent.email})` : agent.name;
}
