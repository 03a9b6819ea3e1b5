import type { TemplateComponent } from '@shared/api/templates';
import { headerMediaKind } from '@shared/templates/header-media';
import type { Database } from '../../db/database';
import type { GraphClient } from '../../whatsapp/graph-client';
import { GraphError } from '../../whatsapp/graph-error';
import type { HeaderParameter, TemplateSend } from '../../whatsapp/graph-types';
import { findMediaFile, headerParameter, type MediaStore, uploadHeaderFile, withHeaderParameter } from '../media';
import type { SendResult } from './dispatch-outcomes';
import { findBroadcastHeader, recordHeaderUpload } from './broadcasts-repository';

/** Meta keeps an uploaded file 30 days; one uploaded longer ago than this is uploaded again. */
const META_MEDIA_REUSE_MS = 29 * 24 * 60 * 60 * 1000;
/** How long this process keeps a broadcast's header parameter in memory before reading it again. */
const REMEMBER_MS = 10 * 60 * 1000;

export const HEADER_FILE_MISSING = "The broadcast's header file is missing";
/** Meta's code for a media upload error: what a recipient fails with when the header file is gone. */
const MEDIA_UPLOAD_ERROR = 131053;

class HeaderFileMissing extends Error {}

/**
 * The media header each broadcast's sends carry. A header file is uploaded to Meta when sending
 * starts, once per broadcast: its Meta media id is stored on the broadcast (so later batches, other
 * processes and a restarted one reuse it) and the sends of this process share one upload in flight.
 * A crash between the upload and the store only costs another upload. A link is passed on as given.
 */
export class BroadcastHeaderMedia {
  private readonly remembered = new Map<string, { at: number; parameter: Promise<HeaderParameter | null> }>();

  constructor(
    private readonly db: Database,
    private readonly store: MediaStore,
  ) {}

  /** The header parameter of the broadcast's sends; null when its template has no media header. Throws when the upload fails. */
  parameterFor(client: GraphClient, organizationId: string, broadcastId: string): Promise<HeaderParameter | null> {
    const now = Date.now();
    const known = this.remembered.get(broadcastId);
    if (known && now - known.at < REMEMBER_MS) return known.parameter;
    for (const [id, entry] of this.remembered) if (now - entry.at >= REMEMBER_MS) this.remembered.delete(id);
    const parameter = this.load(client, organizationId, broadcastId);
    const entry = { at: now, parameter };
    this.remembered.set(broadcastId, entry);
    // A failed upload is tried again by the next send, not remembered.
    parameter.catch(() => {
      if (this.remembered.get(broadcastId) === entry) this.remembered.delete(broadcastId);
    });
    return parameter;
  }

  private async load(client: GraphClient, organizationId: string, broadcastId: string): Promise<HeaderParameter | null> {
    const header = await findBroadcastHeader(this.db, organizationId, broadcastId);
    const kind = header ? headerMediaKind(header.templateComponents as TemplateComponent[]) : null;
    if (!header || !kind) return null;
    if (header.headerLink) return headerParameter(kind, { link: header.headerLink });
    const file = header.headerMediaId ? await findMediaFile(this.db, organizationId, header.headerMediaId) : null;
    if (!file) throw new HeaderFileMissing(HEADER_FILE_MISSING);
    const uploadedAt = header.headerMetaUploadedAt?.getTime() ?? 0;
    if (header.headerMetaMediaId && Date.now() - uploadedAt < META_MEDIA_REUSE_MS) {
      return headerParameter(kind, { id: header.headerMetaMediaId }, file.fileName);
    }
    const metaMediaId = await uploadHeaderFile(client, this.store, file);
    await recordHeaderUpload(this.db, organizationId, broadcastId, metaMediaId);
    return headerParameter(kind, { id: metaMediaId }, file.fileName);
  }
}

/** A broadcast's header for a batch: the parameter its sends carry (null: none), or what becomes of its recipients. */
export type HeaderOutcome = { parameter: HeaderParameter | null } | { result: SendResult };

/**
 * The header of each broadcast of a batch, had before the batch's first send (an upload never sits
 * between a send's fence and the send). When it could not be had, nothing is sent: Meta's
 * answer to the upload is judged like a send's (an expired token pauses, a 5xx retries), a missing
 * file fails the recipients, anything else puts them back in the queue.
 */
export async function headersForBatch(
  headers: BroadcastHeaderMedia,
  client: GraphClient,
  organizationId: string,
  broadcastIds: readonly string[],
): Promise<Map<string, HeaderOutcome>> {
  const outcomes = await Promise.all([...new Set(broadcastIds)].map(async (broadcastId): Promise<[string, HeaderOutcome]> => {
    try {
      return [broadcastId, { parameter: await headers.parameterFor(client, organizationId, broadcastId) }];
    } catch (error) {
      if (error instanceof HeaderFileMissing) return [broadcastId, { result: { kind: 'refused', code: MEDIA_UPLOAD_ERROR, message: error.message } }];
      if (error instanceof GraphError && error.httpStatus !== undefined) return [broadcastId, { result: { kind: 'error', error } }];
      return [broadcastId, { result: { kind: 'released' } }];
    }
  }));
  return new Map(outcomes);
}

/** The send with its broadcast's header, or the result its recipient gets instead. */
export function sendWithHeader(template: TemplateSend, outcome: HeaderOutcome | undefined): { template: TemplateSend } | { result: SendResult } {
  if (!outcome) return { template };
  if ('result' in outcome) return outcome;
  return { template: outcome.parameter ? withHeaderParameter(template, outcome.parameter) : template };
}
