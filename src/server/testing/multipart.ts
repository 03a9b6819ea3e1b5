/** A part of a multipart/form-data body: a text field, or a file. */
export type FormPart = { name: string; value: string } | { name: string; filename: string; type?: string; content: string | Buffer };

/** A multipart/form-data body as a browser's FormData would send it, with its content-type header, for `inject`. */
export function multipartBody(parts: readonly FormPart[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----parley${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'text/csv'}\r\n\r\n`),
        Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A FormData encoded as a browser sends it (fields in order, the boundary in its content-type), for `inject`. */
export async function formDataBody(form: FormData): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const body = new Response(form);
  return { payload: Buffer.from(await body.arrayBuffer()), headers: { 'content-type': body.headers.get('content-type') ?? '' } };
}
