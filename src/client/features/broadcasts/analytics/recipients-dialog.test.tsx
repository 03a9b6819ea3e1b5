import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import { recipient, uuid } from '../testing/broadcast-fixtures';
import { RecipientsDialog } from './recipients-dialog';

const id = uuid(1);

/** A drill-down list of `total` recipients, whose first page holds three. */
function recipientsAnswer(total: number) {
  server.use(
    http.get(apiUrl(`/broadcast/${id}/recipients`), () => HttpResponse.json({
      data: [recipient(1), recipient(2), recipient(3)],
      pagination: { page: 1, limit: 25, total, totalPages: Math.ceil(total / 25), hasNext: total > 25 },
    })),
  );
}

function renderDialog() {
  return renderWithProviders(
    <RecipientsDialog broadcastId={id} drillDown={{ filter: 'delivered', title: 'Delivered' }} canExport={false} onClose={() => undefined} />,
  );
}

describe('a drill-down', () => {
  it('says how many recipients it lists, with thousands grouped as on every other screen', async () => {
    recipientsAnswer(104_857);
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Recipients: Delivered' });
    expect(await within(dialog).findByText('104,857 recipients')).toBeInTheDocument();
    expect(within(dialog).getByText('1–25 of 104,857')).toBeInTheDocument();
  });

  it('counts a single recipient in the singular', async () => {
    recipientsAnswer(1);
    renderDialog();
    expect(await screen.findByText('1 recipient')).toBeInTheDocument();
  });
});
