import { screen, waitFor } from '@testing-library/react';
import { Formik } from 'formik';
import { http, HttpResponse } from 'msw';
import type { AudienceCheckResponse } from '@shared/api/audience-check';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import { AudienceCheckWarning } from './audience-check-warning';
import { initialComposeValues } from './compose-values';

function renderWith(answer: AudienceCheckResponse) {
  const asked: unknown[] = [];
  server.use(http.post(apiUrl('/broadcast/audience/check'), async ({ request }) => {
    asked.push(await request.json());
    return HttpResponse.json(answer);
  }));
  const values = { ...initialComposeValues('tags'), templateId: 'tpl-sale', tagIds: ['t-vip'] };
  renderWithProviders(
    <Formik initialValues={values} onSubmit={() => undefined}>
      <AudienceCheckWarning />
    </Formik>,
    { user: sessionUser() },
  );
  return asked;
}

describe('New Broadcast audience check', () => {
  it('says how many opted-out contacts a marketing template leaves out and how many the messaging limit refuses', async () => {
    const asked = renderWith({
      total: 2_300, optedOut: 40, count: 2_260,
      messagingLimit: { tier: 'TIER_2K', limit: 2_000, messagedLast24h: 150, available: 1_850, overBy: 410 },
    });
    expect(await screen.findByText('Of these, 40 contacts opted out of marketing messages and will not be sent this template.')).toBeInTheDocument();
    expect(screen.getByText(/WhatsApp will refuse 410 of the 2,260 recipients \(errors 131049\/130472, which are not retried\)/)).toBeInTheDocument();
    expect(screen.getByText(/may message 2,000 customers in 24 hours \(TIER_2K\), and 150 were messaged/)).toBeInTheDocument();
    expect(asked).toEqual([{ tagIds: ['t-vip'], templateId: 'tpl-sale' }]);
  });

  it('shows nothing when nobody is left out and the audience fits the limit', async () => {
    const asked = renderWith({
      total: 12, optedOut: 0, count: 12,
      messagingLimit: { tier: 'TIER_2K', limit: 2_000, messagedLast24h: 150, available: 1_850, overBy: 0 },
    });
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
