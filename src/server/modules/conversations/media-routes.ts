import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { number, object, string } from 'yup';
import type { MediaUrlResponse, SendMessageResponse } from '@shared/api/conversations';
import type { MessageResponse } from '@shared/api/roles';
import { idParams, noQuery } from '@shared/validation/route-input';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import type { TemplateHeaderUploadResponse } from '@shared/api/template-header';
import { mediaCacheControl, mediaContentHeaders, receiveTemplateHeader, UPLOAD_LIMITS } from '../media';
import { SEND_ACCESS, viewerOf } from './viewer';
import { deleteMedia, MEDIA_LINK_INVALID, MEDIA_NOT_FOUND, mediaLink, openMediaContent, sendMediaUpload } from './media-messages-service';

const mediaParams = idParams({ id: MEDIA_NOT_FOUND });

/** The signed link's query (made by MediaUrlSigner, never typed by a person): a malformed one is simply invalid. */
const mediaLinkQuerySchema = object({
  expires: number().typeError(MEDIA_LINK_INVALID).integer(MEDIA_LINK_INVALID).required(MEDIA_LINK_INVALID),
  signature: string().required(MEDIA_LINK_INVALID).max(100, MEDIA_LINK_INVALID),
});

/** A multipart request's parts and its declared length (a body declared too large is refused unread). */
function multipartUpload(request: FastifyRequest) {
  const declared = Number(request.headers['content-length']);
  return { parts: request.parts(), declaredBytes: Number.isFinite(declared) ? declared : undefined };
}

/** Media: sending a file, short-lived links to stored files, the files themselves, and deleting them. */
export async function mediaRoutes(fastify: FastifyInstance): Promise<void> {
  // Registered here, in this plugin's own scope: only the upload route takes multipart bodies.
  await fastify.register(multipart, { limits: UPLOAD_LIMITS });
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const deps = () => ({ db: app.db, accounts: app.whatsappAccounts, mediaUrls: app.mediaUrls, mediaStore: app.mediaStore });

  app.post('/upload', { config: { access: SEND_ACCESS, multipart: true } }, async (request, reply): Promise<SendMessageResponse> => {
    const sent = await sendMediaUpload(deps(), viewerOf(authOf(request)), multipartUpload(request));
    void reply.status(sent.created ? 201 : 200);
    return sent.answer;
  });

  // A template's header file, for New Broadcast and the chat's template picker: stored now, sent to Meta with the send.
  app.post(
    '/template-header',
    { config: { access: ['broadcasts:create', 'messages:send', 'chats:respond'], multipart: true } },
    async (request, reply): Promise<TemplateHeaderUploadResponse> => {
      const stored = await receiveTemplateHeader(app.db, app.mediaStore, authOf(request).organizationId, multipartUpload(request));
      void reply.status(201);
      return stored;
    },
  );

  app.get(
    '/:id/url',
    { config: { access: 'messages:view' }, schema: { params: mediaParams, querystring: noQuery } },
    async (request): Promise<MediaUrlResponse> => mediaLink(deps(), viewerOf(authOf(request)), request.params.id),
  );

  app.get(
    '/:id/content',
    {
      config: { access: 'messages:view' },
      schema: { params: mediaParams, querystring: mediaLinkQuerySchema },
      // Runs after the API-wide `no-store`: a file behind a link is private but may be cached until the link expires.
      onSend: async (request, reply) => {
        if (reply.statusCode === 200) void reply.header('cache-control', mediaCacheControl(request.query.expires));
      },
    },
    async (request, reply) => {
      const content = await openMediaContent(deps(), viewerOf(authOf(request)), request.params.id, request.query);
      return reply.headers(mediaContentHeaders(content)).send(content.body);
    },
  );

  app.delete(
    '/:id',
    { config: { access: 'messages:send' }, schema: { params: mediaParams } },
    async (request): Promise<MessageResponse> => {
      await deleteMedia(deps(), viewerOf(authOf(request)), request.params.id);
      return { message: 'Media deleted' };
    },
  );
}
