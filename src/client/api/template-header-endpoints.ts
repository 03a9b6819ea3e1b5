import type { TemplateHeaderUploadResponse } from '@shared/api/template-header';
import type { ApiError } from './api-error';
import { api } from './base-api';
import type { ClientServices } from './client-services';
import { uploadWithProgress } from './upload-with-progress';

/** A document header may be 100 MB: far beyond the 10-second timeout of ordinary calls on a slow line. */
const HEADER_UPLOAD_TIMEOUT_MS = 10 * 60_000;

/**
 * POST /media/template-header: a file for a template's media header, stored by Parley and uploaded to
 * Meta only when the message is sent. Used by New Broadcast and the chat's template picker.
 */
export const templateHeaderEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    uploadTemplateHeader: build.mutation<TemplateHeaderUploadResponse, File>({
      queryFn: async (file, { dispatch, getState, extra, signal }) => {
        const form = new FormData();
        form.append('file', file, file.name);
        const upload = uploadWithProgress<TemplateHeaderUploadResponse>({ url: '/media/template-header', form, timeoutMs: HEADER_UPLOAD_TIMEOUT_MS })(
          dispatch, getState, extra as ClientServices,
        );
        signal.addEventListener('abort', upload.abort);
        try {
          return { data: await upload.result };
        } catch (error) {
          return { error: error as ApiError };
        }
      },
    }),
  }),
});

export const { useUploadTemplateHeaderMutation } = templateHeaderEndpoints;
