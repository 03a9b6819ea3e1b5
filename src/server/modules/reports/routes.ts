import type { FastifyInstance } from 'fastify';
import type { InboxReport } from '@shared/api/reports';
import { reportRangeSchema } from '@shared/validation/reports';
import { csvChunks, sendCsv } from '../../lib/csv-download';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { REPORT_CSV_HEADER, reportCsvCells, reportCsvFileName, reportRows } from './reports-csv';
import { inboxReport, inboxReportDays } from './reports-service';

/** The inbox reports: GET /inbox (the figures) and GET /inbox.csv (the days, for analytics:export). */
export async function reportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  app.get('/inbox', { config: { access: 'analytics:view' }, schema: { querystring: reportRangeSchema } }, async (request): Promise<InboxReport> =>
    inboxReport(app.db, authOf(request), request.query));

  app.get('/inbox.csv', { config: { access: 'analytics:export' }, schema: { querystring: reportRangeSchema } }, async (request, reply) => {
    const { range, days, totals } = await inboxReportDays(app.db, authOf(request).organizationId, request.query);
    return sendCsv(reply, reportCsvFileName(range), csvChunks(REPORT_CSV_HEADER, reportRows(days, totals), reportCsvCells));
  });
}
