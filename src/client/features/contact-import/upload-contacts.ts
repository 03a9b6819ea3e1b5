import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { toApiError, type ApiError } from '@client/api/api-error';
import { API_BASE_URL, handleApiError } from '@client/api/base-query';
import type { ClientServices } from '@client/api/client-services';
import type { ContactImportResult } from '@shared/api/contact-import';

/**
 * Ten minutes: a 10 MB file on a slow line plus the server's one-transaction import of 200,000 rows
 * outlasts the 10-second timeout of ordinary calls by far.
 */
const IMPORT_TIMEOUT_MS = 10 * 60_000;

const IMPORT_REQUEST = { url: '/tags/import', method: 'POST' } as const;

export interface UploadHandle {
  result: Promise<ContactImportResult>;
  abort: () => void;
}

/** The answer of a refused upload in the API's error shape (a body that is not JSON arrives as null). */
function refusal(status: number, body: unknown): ApiError {
  return toApiError({ status, data: body ?? undefined });
}

/**
 * POST /tags/import with upload progress, as a thunk. fetch() cannot report upload progress, so this
 * one call uses XMLHttpRequest; it still sends the session cookie, rejects with the API's ApiError
 * shape and goes through the same error handling as every other call (configuration-error modal,
 * reload on an expired session, server errors logged).
 */
export function uploadContactsCsv(file: File, tagName: string, onProgress: (fraction: number) => void) {
  return (dispatch: Dispatch<UnknownAction>, _getState: unknown, services: ClientServices): UploadHandle => {
    const xhr = new XMLHttpRequest();
    const fail = (error: ApiError): ApiError => {
      handleApiError(error, IMPORT_REQUEST, { dispatch, extra: services });
      return error;
    };
    const result = new Promise<ContactImportResult>((resolve, reject) => {
      xhr.open(IMPORT_REQUEST.method, `${API_BASE_URL}${IMPORT_REQUEST.url}`);
      xhr.withCredentials = true;
      xhr.timeout = IMPORT_TIMEOUT_MS;
      xhr.responseType = 'json';
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        const body: unknown = xhr.response;
        if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body as ContactImportResult);
        else reject(fail(refusal(xhr.status, body)));
      };
      xhr.onerror = () => reject(fail({ status: 'FETCH_ERROR' }));
      xhr.ontimeout = () => reject(fail({ status: 'TIMEOUT_ERROR' }));
      // Cancelled by the user: nothing went wrong, so nothing to report.
      xhr.onabort = () => reject({ status: 'FETCH_ERROR' } satisfies ApiError);
      const form = new FormData();
      form.append('tagName', tagName);
      form.append('file', file, file.name);
      xhr.send(form);
    });
    return { result, abort: () => xhr.abort() };
  };
}
