import type { FastifyInstance } from 'fastify';
import { array, object, string, type ObjectSchema } from 'yup';
import type { AgentsResponse } from '@shared/api/conversations';
import { noQuery } from '@shared/validation/route-input';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { listAgents } from './automation-service';

/** What the agents list sends about a person: the serializer keeps only these fields. */
const agentsResponseSchema: ObjectSchema<AgentsResponse> = object({
  agents: array(object({ id: string().defined(), name: string().defined(), email: string().defined() }).defined()).defined(),
});

/** Automation: the members work can be assigned to (the inbox's assign dialog, broadcast button rules). */
export async function automationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();

  app.get(
    '/agents',
    {
      config: { access: ['chats:assign', 'automation:view', 'broadcasts:create'] },
      schema: { querystring: noQuery, response: { 200: agentsResponseSchema } },
    },
    async (request) => listAgents(app.db, authOf(request).organizationId),
  );
}
