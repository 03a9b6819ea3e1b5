import type { ApiError } from '@client/api/api-error';
import { api } from '@client/api/base-api';
import type { ClientServices } from '@client/api/client-services';
import { uploadWithProgress } from '@client/api/upload-with-progress';
import type { ContactImportResult } from '@shared/api/contact-import';

/**
 * Ten minutes: a CSV file at the size limit on a slow line, plus the server writing every row (in
 * chunks, with pauses between them), outlasts the 10-second timeout of ordinary calls by far.
 */
const IMPORT_TIMEOUT_MS = 10 * 60_000;

interface ImportContactsArgs {
  file: File;
  tagName: string;
  /** Called with 0..1 as the file goes out. */
  onProgress: (fraction: number) => void;
}

export const contactImportApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /tags/import, through the upload with progress (fetch cannot report it), so it gets the
     * same error handling as every other call. Aborting the mutation cancels the upload. The File and
     * the callback stay out of the state: a mutation's argument travels only in its actions' `meta.arg`,
     * which the serializability check skips.
     */
    importContacts: build.mutation<ContactImportResult, ImportContactsArgs>({
      queryFn: async ({ file, tagName, onProgress }, { dispatch, getState, extra, signal }) => {
        const form = new FormData();
        form.append('tagName', tagName);
        form.append('file', file, file.name);
        const start = uploadWithProgress<ContactImportResult>({ url: '/tags/import', form, timeoutMs: IMPORT_TIMEOUT_MS, onProgress });
        const upload = start(dispatch, getState, extra as ClientServices);
        signal.addEventListener('abort', upload.abort);
        try {
          return { data: await upload.result };
        } catch (error) {
          return { error: error as ApiError };
        }
      },
      // New and updated contacts, the tag and its count, timelines and dashboard numbers all moved.
      invalidatesTags: (result) => (result ? ['Contact', 'Tag', 'Note', 'Analytics'] : []),
    }),
  }),
});

export const { useImportContactsMutation } = contactImportApi;
