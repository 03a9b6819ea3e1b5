/** @jest-environment node */
import type { AutomationRule } from '@shared/api/broadcasts';
import { TAG_FOR_RULE_REQUIRED } from '@shared/validation/broadcasts';
import { addMemberWith } from '../../testing/fixtures';
import { appWithAdminForFile, organizationOf, signUpAdmin } from '../../testing/test-app';
import { insertTemplate, makeContacts, makeTag } from '../broadcasts/broadcast-test-fixtures';
import { RULE_TAG_NOT_FOUND } from './automation-service';

const suite = appWithAdminForFile();
const db = () => suite.t.database.db;

let broadcastId = '';
let rule: AutomationRule;
beforeAll(async () => {
  const templateId = await insertTemplate(db(), suite.organizationId);
  const [layla] = await makeContacts(db(), suite.organizationId, 1);
  const created = await suite.admin.request({
    method: 'POST',
    url: '/api/broadcast',
    payload: { templateId, parameters: ['Layla', 'A-1'], contactIds: [layla.id], draft: true, rules: [{ triggerId: '1', triggerText: 'Talk to an agent', actionType: 'do_nothing' }] },
  });
  broadcastId = created.json().id;
  rule = (await suite.admin.request({ method: 'GET', url: `/api/automation/rules?broadcastId=${broadcastId}` })).json().rules[0];
});

const change = (member = suite.admin, id = rule.id, payload: object = { actionType: 'do_nothing' }) =>
  member.request({ method: 'PUT', url: `/api/automation/rules/${id}`, payload });

describe('PUT /api/automation/rules/{id}', () => {
  it('changes what the button does, keeping the button, and the broadcast\'s rules show it', async () => {
    const vip = await makeTag(db(), suite.organizationId);
    const response = await change(suite.admin, rule.id, { actionType: 'add_tag', targetTagId: vip, targetUserId: suite.admin.user.userId });
    expect(response.statusCode).toBe(200);
    // A target only for its own action: the agent given beside an add_tag is not kept.
    expect(response.json()).toMatchObject({ id: rule.id, triggerId: '1', triggerText: 'Talk to an agent', actionType: 'add_tag', targetTagId: vip, targetUserId: null });
    const { rules } = (await suite.admin.request({ method: 'GET', url: `/api/automation/rules?broadcastId=${broadcastId}` })).json();
    expect(rules).toMatchObject([{ id: rule.id, actionType: 'add_tag', targetTagId: vip }]);
  });

  it('refuses a tag action without a tag (400) and another organization\'s tag as unknown', async () => {
    const missing = await change(suite.admin, rule.id, { actionType: 'add_tag' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(TAG_FOR_RULE_REQUIRED);

    const stranger = await signUpAdmin(suite.t.app, { name: 'Other Owner', organizationName: 'Another Shop' });
    const foreignTag = await makeTag(db(), organizationOf(stranger));
    const foreign = await change(suite.admin, rule.id, { actionType: 'add_tag', targetTagId: foreignTag });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe(RULE_TAG_NOT_FOUND);
  });

  it('answers a malformed change with 400 and the reason, and changes nothing', async () => {
    const before = (await suite.admin.request({ method: 'GET', url: `/api/automation/rules?broadcastId=${broadcastId}` })).json().rules;
    for (const payload of [{}, { actionType: 'explode' }, { actionType: 'assign_agent', targetUserId: 'not-an-id' }, { actionType: 'assign_agent', targetUserId: broadcastId }, []]) {
      const response = await change(suite.admin, rule.id, payload);
      expect({ payload, status: response.statusCode, hasReason: typeof response.json().error === 'string' }).toEqual({ payload, status: 400, hasReason: true });
    }
    expect((await suite.admin.request({ method: 'GET', url: `/api/automation/rules?broadcastId=${broadcastId}` })).json().rules).toEqual(before);
  });

  it('needs automation:edit, and another organization\'s rule is not found', async () => {
    const viewer = await addMemberWith(suite.t, suite.organizationId, ['automation:view', 'automation:create', 'automation:delete']);
    expect((await change(viewer)).statusCode).toBe(403);
    const editor = await addMemberWith(suite.t, suite.organizationId, ['automation:edit']);
    expect((await change(editor)).statusCode).toBe(200);

    const stranger = await signUpAdmin(suite.t.app, { name: 'Other Owner', organizationName: 'Third Shop' });
    expect((await change(stranger)).statusCode).toBe(404);
    expect((await change(suite.admin, '00000000-0000-7000-8000-000000000000')).statusCode).toBe(404);
  });
});
