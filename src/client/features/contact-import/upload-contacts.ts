import type { ApiError } from '@client/api/api-error';
import { API_BASE_URL } from '@client/api/base-query';
import type { ContactImportResult } from '@shared/api/contact-import';

/**
 * Ten minutes: a 10 MB file on a slow line plus the server's one-transaction import of 200,000 rows
 * outlasts the 10-second timeout of ordinary calls by far.
 */
const IMPORT_TIMEOUT_MS = 10 * 60_000;

export interface UploadHandle {
  result: Promise<ContactImportResult>;
  abort: () => void;
}

function failure(status: ApiError['status'], body?: unknown): ApiError {
  const error = typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' ? body.error : undefined;
  return { status, ...(error !== undefined && { error }), data: body };
}

/**
 * POST /tags/import with upload progress. fetch() cannot report upload progress, so this one call uses
 * XMLHttpRequest; it still sends the session cookie and rejects with the API's ApiError shape.
 */
export function uploadContactsCsv(file: File, tagName: string, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const result = new Promise<ContactImportResult>((resolve, reject) => {
    xhr.open('POST', `${API_BASE_URL}/tags/import`);
    xhr.withCredentials = true;
    xhr.timeout = IMPORT_TIMEOUT_MS;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body as ContactImportResult);
      else reject(failure(xhr.status, body));
    };
    xhr.onerror = () => reject(failure('FETCH_ERROR'));
    xhr.ontimeout = () => reject(failure('TIMEOUT_ERROR'));
    xhr.onabort = () => reject(failure('FETCH_ERROR'));
    const form = new FormData();
    form.append('tagName', tagName);
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { result, abort: () => xhr.abort() };
}
