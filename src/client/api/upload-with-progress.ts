import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { toApiError, withRetryAfter, type ApiError } from './api-error';
import { API_BASE_URL, handleApiError } from './base-query';
import type { ClientServices } from './client-services';

export interface UploadRequest {
  /** The API path, e.g. '/media/upload'. */
  url: string;
  method?: 'POST' | 'PUT';
  form: FormData;
  /** Uploads outlast the 10-second timeout of ordinary calls; each caller says by how much. */
  timeoutMs: number;
  /** Called with 0..1 as the body goes out. */
  onProgress?: (fraction: number) => void;
}

export interface UploadHandle<T> {
  /** Resolves with the parsed JSON answer, rejects with the API's ApiError shape. */
  result: Promise<T>;
  abort: () => void;
}

/**
 * A multipart upload with progress, as a thunk: fetch() cannot report upload progress, so this uses
 * XMLHttpRequest. It still sends the session cookie, rejects with the ApiError shape every endpoint
 * uses and goes through the same error handling as the base query (configuration-error modal, reload
 * on an expired session, server errors logged). An abort rejects without that handling: the user
 * cancelled, nothing went wrong.
 */
export function uploadWithProgress<T>(request: UploadRequest) {
  return (dispatch: Dispatch<UnknownAction>, _getState: unknown, services: ClientServices): UploadHandle<T> => {
    const method = request.method ?? 'POST';
    const args = { url: request.url, method };
    const xhr = new XMLHttpRequest();
    const fail = (error: ApiError): ApiError => {
      handleApiError(error, args, { dispatch, extra: services });
      return error;
    };
    const result = new Promise<T>((resolve, reject) => {
      xhr.open(method, `${API_BASE_URL}${request.url}`);
      xhr.withCredentials = true;
      xhr.timeout = request.timeoutMs;
      xhr.responseType = 'json';
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) request.onProgress?.(event.loaded / event.total);
      };
      xhr.onload = () => {
        const body: unknown = xhr.response;
        if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body as T);
        // A body that is not JSON arrives as null.
        else reject(fail(withRetryAfter(toApiError({ status: xhr.status, data: body ?? undefined }), xhr.getResponseHeader('retry-after'))));
      };
      xhr.onerror = () => reject(fail({ status: 'FETCH_ERROR' }));
      xhr.ontimeout = () => reject(fail({ status: 'TIMEOUT_ERROR' }));
      xhr.onabort = () => reject({ status: 'FETCH_ERROR' } satisfies ApiError);
      xhr.send(request.form);
    });
    return { result, abort: () => xhr.abort() };
  };
}
