import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { WhatsAppConfigRequest, WhatsAppConfigView, WhatsAppTestResult } from '@shared/api/whatsapp';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import MessagingApiTab from './messaging-api-tab';

const SAVED: WhatsAppConfigView = {
  accessToken: '••••••••••••••••2026',
  phoneNumberId: '106540352242922',
  businessAccountId: '102290129340398',
  webhookVerifyToken: 'desert-rose-verify-2026',
  isActive: true,
  messagesPerSecond: 80,
};
const WEBHOOK_URL = 'https://parley.example.com/api/webhooks/whatsapp';

/** A tiny in-memory server for the settings endpoints. */
function settingsServer(initial: WhatsAppConfigView | null, test: () => Response | Promise<Response> = () => HttpResponse.json({ success: true, message: 'Connected' })) {
  let config = initial;
  const saved: WhatsAppConfigRequest[] = [];
  server.use(
    http.get(apiUrl('/settings/whatsapp'), () => HttpResponse.json({ config })),
    http.put(apiUrl('/settings/whatsapp'), async ({ request }) => {
      const body = (await request.json()) as WhatsAppConfigRequest;
      saved.push(body);
      config = { ...body, accessToken: `••••••••••••••••${body.accessToken.slice(-4)}`, isActive: true, messagesPerSecond: body.messagesPerSecond ?? 80 };
      return HttpResponse.json({ message: 'WhatsApp configuration saved successfully' });
    }),
    http.delete(apiUrl('/settings/whatsapp'), () => {
      config = null;
      return HttpResponse.json({ message: 'WhatsApp configuration deleted successfully' });
    }),
    http.post(apiUrl('/settings/whatsapp/test'), test),
    http.get(apiUrl('/settings/webhook-url'), () => HttpResponse.json({ webhookUrl: WEBHOOK_URL })),
  );
  return { saved };
}

const renderTab = () => renderWithProviders(<MessagingApiTab />, { user: sessionUser() });
const field = (label: RegExp) => screen.getByLabelText(label);
const toast = (text: string) => screen.findByText(text, {}, { timeout: 3000 });

describe('Messaging API tab', () => {
  it('says it is loading, then offers an empty form when nothing is saved', async () => {
    settingsServer(null);
    renderTab();
    expect(screen.getByText('Loading WhatsApp configuration...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'WhatsApp Business API Configuration' })).toBeInTheDocument();
    expect(field(/Access Token/)).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save Configuration' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Test Config' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Webhook URL')).not.toBeInTheDocument();
  });

  it('shows the load error', async () => {
    server.use(http.get(apiUrl('/settings/whatsapp'), () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderTab();
    expect(await screen.findByText('Failed to load WhatsApp configuration. Please try again.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("validates with the shared schema's messages before saving", async () => {
    const { saved } = settingsServer(null);
    const { user } = renderTab();
    await screen.findByRole('heading', { name: 'WhatsApp Business API Configuration' });
    await user.type(field(/Access Token/), 'short');
    await user.type(field(/Phone Number ID/), '12345');
    await user.type(field(/Webhook Verify Token/), 'bad token!');
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    expect(await screen.findByText('Access token appears to be too short')).toBeInTheDocument();
    expect(screen.getByText('Phone Number ID must be 10-20 digits')).toBeInTheDocument();
    expect(screen.getByText('Business Account ID is required')).toBeInTheDocument();
    expect(screen.getByText('Webhook verify token contains invalid characters')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('saves a new configuration, then shows its badge, actions and the webhook panel', async () => {
    const { saved } = settingsServer(null);
    const { user } = renderTab();
    await screen.findByRole('heading', { name: 'WhatsApp Business API Configuration' });
    await user.type(field(/Access Token/), 'EAAGnewSystemUserToken_1234');
    await user.type(field(/Phone Number ID/), '106540352242922');
    await user.type(field(/Business Account ID/), '102290129340398');
    await user.type(field(/Webhook Verify Token/), 'my-verify-token');
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));

    expect(await toast('WhatsApp configuration saved successfully')).toBeInTheDocument();
    expect(saved).toEqual([{
      accessToken: 'EAAGnewSystemUserToken_1234', phoneNumberId: '106540352242922', businessAccountId: '102290129340398',
      webhookVerifyToken: 'my-verify-token', messagesPerSecond: 80,
    }]);
    expect(await screen.findByText('Active')).toBeInTheDocument();
    await waitFor(() => expect(field(/Access Token/)).toHaveValue('••••••••••••••••1234'));
    expect(screen.getByRole('button', { name: 'Test Config' })).toBeEnabled();
    expect(await screen.findByDisplayValue(WEBHOOK_URL)).toBeInTheDocument();
    const steps = screen.getAllByRole('listitem');
    expect(steps).toHaveLength(5);
    expect(steps[4]).toHaveTextContent('Subscribe to the messages and user_preferences webhook fields');
  });

  it('prefills the saved configuration and sends the mask back unchanged to keep the token', async () => {
    const { saved } = settingsServer({ ...SAVED, isActive: false });
    const { user } = renderTab();
    expect(await screen.findByText('Inactive')).toBeInTheDocument();
    expect(field(/Access Token/)).toHaveValue(SAVED.accessToken);
    expect(field(/Webhook Verify Token/)).toHaveValue(SAVED.webhookVerifyToken);
    await user.clear(field(/Webhook Verify Token/));
    await user.type(field(/Webhook Verify Token/), 'rotated-verify-token');
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    await toast('WhatsApp configuration saved successfully');
    expect(saved[0]).toMatchObject({ accessToken: SAVED.accessToken, webhookVerifyToken: 'rotated-verify-token' });
  });

  it('shows the saved broadcast speed, refuses one above 1000, and saves a new one', async () => {
    const { saved } = settingsServer({ ...SAVED, messagesPerSecond: 250 });
    const { user } = renderTab();
    await screen.findByText('Active');
    const speed = field(/Broadcast speed \(messages per second\)/);
    expect(speed).toHaveValue(250);
    expect(screen.getByText(/80 is WhatsApp's standard limit/)).toBeInTheDocument();
    await user.clear(speed);
    await user.type(speed, '1500');
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    expect(await screen.findByText('Broadcast speed must be at most 1000 messages per second')).toBeInTheDocument();
    expect(saved).toEqual([]);
    await user.clear(speed);
    await user.type(speed, '1000');
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    await toast('WhatsApp configuration saved successfully');
    expect(saved[0]).toMatchObject({ messagesPerSecond: 1000 });
  });

  it('reports a failed save with the server message', async () => {
    settingsServer(SAVED);
    server.use(
      http.put(apiUrl('/settings/whatsapp'), () =>
        HttpResponse.json({ error: 'This Phone Number ID is already connected to another organization' }, { status: 409 })),
    );
    const { user } = renderTab();
    await screen.findByText('Active');
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    expect(await toast('Save Failed')).toBeInTheDocument();
    expect(screen.getByText('This Phone Number ID is already connected to another organization')).toBeInTheDocument();
  });

  it.each<[string, WhatsAppTestResult | null, string, string]>([
    ['valid', { success: true, message: 'WhatsApp configuration is valid: Desert Rose Trading is connected' }, 'Configuration Valid', 'WhatsApp configuration is valid: Desert Rose Trading is connected'],
    ['invalid', { success: false, message: 'failed', error: 'The access token is invalid or expired' }, 'Configuration Invalid', 'The access token is invalid or expired'],
    ['invalid without a reason', { success: false, message: 'failed' }, 'Configuration Invalid', 'Unknown error'],
    ['unreachable', null, 'Test Failed', 'Failed to test configuration'],
  ])('tests the configuration (%s) and says so', async (_case, result, title, message) => {
    settingsServer(SAVED, () => (result ? HttpResponse.json(result) : HttpResponse.error()));
    const { user } = renderTab();
    await screen.findByText('Active');
    await user.click(screen.getByRole('button', { name: 'Test Config' }));
    expect(await toast(title)).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('disables every input and action while a test runs', async () => {
    settingsServer(SAVED, async () => {
      await delay(300);
      return HttpResponse.json({ success: true, message: 'Connected' });
    });
    const { user } = renderTab();
    await screen.findByText('Active');
    await user.click(screen.getByRole('button', { name: 'Test Config' }));
    for (const label of [/Access Token/, /Phone Number ID/, /Business Account ID/, /Webhook Verify Token/, /Broadcast speed/]) expect(field(label)).toBeDisabled();
    for (const name of ['Save Configuration', 'Test Config', 'Delete']) expect(screen.getByRole('button', { name })).toBeDisabled();
    await toast('Configuration Valid');
    // The toast comes with the answer; the form leaves its testing state in the same update or the next one.
    await waitFor(() => expect(field(/Access Token/)).toBeEnabled());
  });

  it('deletes after the confirmation and resets the form', async () => {
    settingsServer(SAVED);
    const { user } = renderTab();
    await screen.findByText('Active');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete the WhatsApp configuration? This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await toast('WhatsApp configuration deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(field(/Access Token/)).toHaveValue(''));
    expect(field(/Phone Number ID/)).toHaveValue('');
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Webhook URL')).not.toBeInTheDocument();
  });

  it('says when a delete fails', async () => {
    settingsServer(SAVED);
    server.use(http.delete(apiUrl('/settings/whatsapp'), () => HttpResponse.json({ error: 'nope' }, { status: 400 })));
    const { user } = renderTab();
    await screen.findByText('Active');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await toast('Delete Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to delete configuration')).toBeInTheDocument();
  });

  it('copies the webhook URL', async () => {
    settingsServer(SAVED);
    const { user } = renderTab();
    await screen.findByDisplayValue(WEBHOOK_URL);
    // user-event installs its own clipboard at setup; this one records what the page wrote.
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await user.click(screen.getByRole('button', { name: 'Copy webhook URL' }));
    expect(await toast('Webhook URL copied to clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(WEBHOOK_URL);
  });
});
