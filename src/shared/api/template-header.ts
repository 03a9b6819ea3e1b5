import type { HeaderMediaKind } from '../templates/header-media';

/** POST /media/template-header: a file stored for a template's media header (sent to Meta only when a send starts). */
export interface TemplateHeaderUploadResponse {
  mediaId: string;
  kind: HeaderMediaKind;
  mimeType: string;
  fileName: string;
  sizeBytes: number;
}
