import type { FastifyInstance } from 'fastify';
import { array, object, string, type ObjectSchema } from 'yup';
import type { AutomationRule } from '@shared/api/broadcasts';
import type { AgentsResponse } from '@shared/api/conversations';
import { automationRulesQuerySchema, createAutomationRulesSchema } from '@shared/validation/broadcasts';
import { idParams, noQuery } from '@shared/validation/route-input';
import { updateAutomationRuleSchema } from '@shared/validation/automation-rules';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import {
  createAutomationRules, deleteAutomationRule, listAgents, listAutomationRules, RULE_NOT_FOUND, updateAutomationRule,
} from './automation-service';

/** What the agents list sends about a person: the serializer keeps only these fields. */
const agentsResponseSchema: ObjectSchema<AgentsResponse> = object({
  agents: array(object({ id: string().defined(), name: string().defined(), email: string().optional() }).defined()).defined(),
});

/** Automation: the members work can be assigned to, and the rules of broadcast buttons. */
export async function automationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();

  app.get(
    '/agents',
    {
      config: { access: ['chats:assign', 'automation:view', 'broadcasts:create'] },
      schema: { querystring: noQuery, response: { 200: agentsResponseSchema } },
    },
    async (request) => listAgents(app.db, authOf(request)),
  );

  app.get(
    '/rules',
    { config: { access: 'automation:view' }, schema: { querystring: automationRulesQuerySchema } },
    async (request) => listAutomationRules(app.db, authOf(request).organizationId, request.query.broadcastId),
  );

  app.post(
    '/rules',
    { config: { access: 'automation:create' }, schema: { body: createAutomationRulesSchema } },
    async (request, reply) => {
      const rules = await createAutomationRules(app.db, authOf(request).organizationId, {
        broadcastId: request.body.broadcastId,
        rules: request.body.rules.map((rule) => ({ ...rule, targetUserId: rule.targetUserId ?? null, targetTagId: rule.targetTagId ?? null })),
      });
      return reply.status(201).send({ rules });
    },
  );

  app.put(
    '/rules/:id',
    { config: { access: 'automation:edit' }, schema: { params: idParams({ id: RULE_NOT_FOUND }), body: updateAutomationRuleSchema } },
    async (request): Promise<AutomationRule> => updateAutomationRule(app.db, authOf(request).organizationId, request.params.id, request.body),
  );

  app.delete(
    '/rules/:id',
    { config: { access: 'automation:delete' }, schema: { params: idParams({ id: RULE_NOT_FOUND }) } },
    async (request) => {
      await deleteAutomationRule(app.db, authOf(request).organizationId, request.params.id);
      return { message: 'Rule deleted successfully' };
    },
  );
}
