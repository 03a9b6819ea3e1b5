import type { FastifyInstance } from 'fastify';
import { FAULT_KINDS, type FaultKind } from '../faults';
import { fromThisMachine } from '../local-caller';
import type { Sandbox } from '../sandbox';
import { INBOUND_TYPES, type InboundRequest } from '../simulation/customers';
import type { CustomerBehaviour } from '../world';

type Json = Record<string, unknown>;

/**
 * Sandbox-only controls, from this machine only (tests, demos, `curl`): make a customer write, set how
 * a customer treats messages, inject or clear faults, change a template's review status, list sends
 * (the latest 100, or every one kept to one recipient), count every accepted send per recipient (never
 * trimmed: what benches compare with the product's database), set a number's throughput.
 *   POST   /_sandbox/inbound            { phoneNumberId, from?, name?, type?, text?, payload?, context?, referral? }
 *   PUT    /_sandbox/customers/{waId}   { readRate?, replyRate? }  (0..1; absent: the sandbox's rate)
 *   POST   /_sandbox/faults             { target: token | phone number id | WABA id, kind, count? }
 *   DELETE /_sandbox/faults?target=
 *   POST   /_sandbox/templates/status   { businessAccountId, name, language, status }
 *   GET    /_sandbox/messages?to=       to: the recipient's number (digits)
 *   GET    /_sandbox/sends?to=          { to, count }; without `to`: { total, recipients, duplicates: [{ to, count }], refused,
 *                                       firstAt, lastAt, perSecond, numbers: { id: { total, refused, firstAt, lastAt, perSecond } } },
 *                                       and with `full=1` also counts: { to: count }
 *   DELETE /_sandbox/sends              forgets every count
 *   GET    /_sandbox/read-receipts?messageId=   { messageId, count }: mark-as-read calls for that wamid; without it { total, counts: { wamid: n } }
 *   DELETE /_sandbox/read-receipts      forgets them
 *   PUT    /_sandbox/numbers/{phoneNumberId}/throughput   { messagesPerSecond }  (before 130429)
 *   GET    /_sandbox/pending            { pending }: callbacks, replies and webhook deliveries (retries too) not done yet
 */
export async function controlRoutes(app: FastifyInstance, { sandbox, allowRemote }: { sandbox: Sandbox; allowRemote: boolean }) {
  app.addHook('onRequest', async (request, reply) => {
    if (!allowRemote && !fromThisMachine(request)) await reply.status(403).send({ error: 'Sandbox controls answer this machine only' });
  });

  app.post('/inbound', async (request, reply) => {
    const body = (request.body ?? {}) as Json;
    if (typeof body.phoneNumberId !== 'string') return reply.status(400).send({ error: 'phoneNumberId is required' });
    if (body.type !== undefined && !(INBOUND_TYPES as readonly unknown[]).includes(body.type)) {
      return reply.status(400).send({ error: `type must be one of ${INBOUND_TYPES.join(', ')}` });
    }
    try {
      return { wamid: sandbox.inbound(body as unknown as InboundRequest) };
    } catch (error) {
      return reply.status(404).send({ error: (error as Error).message });
    }
  });

  app.put('/customers/:waId', async (request, reply) => {
    const { waId } = request.params as { waId: string };
    const body = (request.body ?? {}) as Json;
    const isRate = (value: unknown) => value === undefined || (typeof value === 'number' && value >= 0 && value <= 1);
    if (!/^\d{7,15}$/.test(waId) || !isRate(body.readRate) || !isRate(body.replyRate)) {
      return reply.status(400).send({ error: 'waId is 7-15 digits; readRate and replyRate, when given, are numbers from 0 to 1' });
    }
    const behaviour: CustomerBehaviour = {};
    if (typeof body.readRate === 'number') behaviour.readRate = body.readRate;
    if (typeof body.replyRate === 'number') behaviour.replyRate = body.replyRate;
    sandbox.world.behaviours.set(waId, behaviour);
    return { waId, ...behaviour };
  });

  app.post('/faults', async (request, reply) => {
    const body = (request.body ?? {}) as Json;
    if (typeof body.target !== 'string' || !(FAULT_KINDS as readonly unknown[]).includes(body.kind)) {
      return reply.status(400).send({ error: `target and kind (${FAULT_KINDS.join(', ')}) are required` });
    }
    sandbox.injectFault(body.target, body.kind as FaultKind, typeof body.count === 'number' ? body.count : undefined);
    return { success: true };
  });

  app.delete('/faults', async (request) => {
    sandbox.clearFaults((request.query as { target?: string }).target);
    return { success: true };
  });

  app.post('/templates/status', async (request, reply) => {
    const body = (request.body ?? {}) as Json;
    const business = typeof body.businessAccountId === 'string' ? sandbox.world.wabaOwner(body.businessAccountId) : undefined;
    const changed =
      business && typeof body.name === 'string' && typeof body.language === 'string' && typeof body.status === 'string'
        ? sandbox.setTemplateStatus(business, body.name, body.language, body.status)
        : false;
    return changed ? { success: true } : reply.status(404).send({ error: 'No such template' });
  });

  app.get('/messages', async (request) => {
    const to = (request.query as { to?: string }).to?.replace(/\D/g, '');
    const sent = [...sandbox.world.sent.values()];
    return { data: (to ? sent.filter((message) => message.to === to) : sent.slice(-100)).reverse() };
  });

  app.get('/sends', async (request) => {
    const query = request.query as { to?: string; full?: string };
    const { sends } = sandbox.world;
    if (query.to !== undefined) {
      const to = query.to.replace(/\D/g, '');
      return { to, count: sends.countFor(to) };
    }
    return query.full === '1' ? { ...sends.summary(), counts: sends.allCounts() } : sends.summary();
  });

  app.delete('/sends', async () => {
    sandbox.world.sends.clear();
    return { success: true };
  });

  app.get('/read-receipts', async (request) => {
    const { messageId } = request.query as { messageId?: string };
    const { readReceipts } = sandbox.world;
    return messageId === undefined ? readReceipts.summary() : { messageId, count: readReceipts.countFor(messageId) };
  });

  app.delete('/read-receipts', async () => {
    sandbox.world.readReceipts.clear();
    return { success: true };
  });

  app.put('/numbers/:phoneNumberId/throughput', async (request, reply) => {
    const { phoneNumberId } = request.params as { phoneNumberId: string };
    const { messagesPerSecond } = (request.body ?? {}) as Json;
    if (typeof messagesPerSecond !== 'number' || !Number.isFinite(messagesPerSecond) || messagesPerSecond <= 0) {
      return reply.status(400).send({ error: 'messagesPerSecond must be a positive number' });
    }
    sandbox.setThroughput(phoneNumberId, messagesPerSecond);
    return { phoneNumberId, messagesPerSecond };
  });

  app.get('/pending', async () => ({ pending: sandbox.timeline.pending }));
}
