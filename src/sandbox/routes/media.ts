import { createHmac, timingSafeEqual } from 'node:crypto';
import { graphErrors } from '../graph-errors';
import type { Sandbox } from '../sandbox';
import type { SandboxBusiness, StoredMedia } from '../world';

type Json = Record<string, unknown>;

/** The media types and size limits Meta accepts. */
const LIMITS: Array<[RegExp, number]> = [
  [/^image\/(jpeg|png)$/, 5 * 1024 * 1024],
  [/^image\/webp$/, 500 * 1024],
  [/^video\/(mp4|3gpp)$/, 16 * 1024 * 1024],
  [/^audio\/(aac|amr|mpeg|mp4|ogg)$/, 16 * 1024 * 1024],
  [
    /^(text\/plain|application\/pdf|application\/msword|application\/vnd\.ms-excel|application\/vnd\.ms-powerpoint|application\/vnd\.openxmlformats-officedocument\.(wordprocessingml\.document|spreadsheetml\.sheet|presentationml\.presentation))$/,
    100 * 1024 * 1024,
  ],
];

/** Download URLs live five minutes, as Meta's do. */
export const MEDIA_URL_TTL_MS = 5 * 60_000;

/** POST /{phone-number-id}/media, multipart: messaging_product, file (with its type), optional type. */
export async function uploadMedia(sandbox: Sandbox, business: SandboxBusiness, body: Buffer, contentType: string): Promise<Json> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw graphErrors.invalidParameter('The request must be multipart/form-data.');
  }
  if (form.get('messaging_product') !== 'whatsapp') throw graphErrors.invalidParameter('The parameter messaging_product is required.');
  const file = form.get('file');
  if (!(file instanceof Blob)) throw graphErrors.invalidParameter('The parameter file is required.');
  const mimeType = (typeof form.get('type') === 'string' ? String(form.get('type')) : file.type).split(';')[0];
  const limit = LIMITS.find(([pattern]) => pattern.test(mimeType))?.[1];
  if (limit === undefined) throw graphErrors.mediaType(`Unsupported file type ${mimeType || '(none)'}.`);
  if (file.size > limit) throw graphErrors.mediaType(`The file is larger than the ${Math.round(limit / 1024)} KB allowed for ${mimeType}.`);
  const stored = sandbox.world.storeMedia(business.key, {
    data: Buffer.from(await file.arrayBuffer()),
    mimeType,
    fileName: 'name' in file && typeof file.name === 'string' ? file.name : undefined,
  });
  return { id: stored.id };
}

/** GET /{media-id}: metadata and a short-lived URL on the sandbox's own host. */
export function mediaInfo(sandbox: Sandbox, media: StoredMedia, baseUrl: string): Json {
  const expires = Date.now() + MEDIA_URL_TTL_MS;
  const url = `${baseUrl}/_media/${media.id}?mid=${media.id}&ext=${expires}&hash=${mediaHash(sandbox, media.id, expires)}`;
  return {
    messaging_product: 'whatsapp',
    url,
    mime_type: media.mimeType,
    sha256: media.sha256,
    file_size: String(media.data.length),
    id: media.id,
  };
}

/** Whether a download URL is genuine and still valid. */
export function isValidMediaUrl(sandbox: Sandbox, mediaId: string, ext: string | undefined, hash: string | undefined): boolean {
  const expires = Number(ext);
  if (!Number.isFinite(expires) || expires < Date.now() || !hash) return false;
  const expected = Buffer.from(mediaHash(sandbox, mediaId, expires));
  const given = Buffer.from(hash);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function mediaHash(sandbox: Sandbox, mediaId: string, expires: number): string {
  return createHmac('sha256', sandbox.options.appSecret).update(`${mediaId}:${expires}`).digest('base64url').slice(0, 22);
}
