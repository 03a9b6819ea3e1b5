import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { CSV_MAX_BYTES } from '@shared/constants';
import { authOf } from '../../plugins/access';
import { importCsv, ImportStoppedError } from './contact-import-service';
import { readCsvUpload } from './csv-upload';
import { GiveWay } from './give-way';
import { ImportsInProgress } from './imports-in-progress';
import { RequestsInFlight } from './requests-in-flight';

/**
 * POST /tags/import: a CSV file of contacts and the tag to put on them, as multipart/form-data. The file
 * is checked while it streams in; the database work starts only once the upload is complete, so a
 * slow upload never holds a transaction open.
 */
export async function contactImportRoutes(app: FastifyInstance): Promise<void> {
  // Registered here, in this plugin's own scope: only the import route takes multipart bodies.
  await app.register(multipart, { limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
  const inProgress = new ImportsInProgress();
  const inFlight = new RequestsInFlight(app.server);
  app.addHook('onClose', async () => inFlight.detach());

  app.post('/import', { config: { access: 'contacts:import', multipart: true } }, async (request, reply) => {
    const auth = authOf(request);
    const release = inProgress.claim(auth.organizationId);
    try {
      // Reading the file and writing its rows both let other members' requests go first.
      const turn = app.config.importGivesWay === false ? undefined : new GiveWay(() => inFlight.othersThan(request.raw)).turn;
      const upload = await readCsvUpload(request.parts(), turn);
      const result = await importCsv(app.db, { organizationId: auth.organizationId, userId: auth.userId }, upload, turn);
      if (result.success) app.maintenance.afterBulkWrite();
      return result;
    } catch (error) {
      if (!(error instanceof ImportStoppedError)) throw error;
      // A server fault like any other (logged, 500), but the member is told how far the import got.
      request.log.error({ err: error.cause }, 'contact import stopped part-way');
      app.maintenance.afterBulkWrite();
      return reply.status(500).send({ error: error.message });
    } finally {
      release();
    }
  });
}
