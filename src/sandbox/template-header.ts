import { SandboxGraphError } from './graph-errors';
import { checkMediaReference, isObject } from './media-reference';
import type { Sandbox } from './sandbox';
import type { SandboxBusiness, SentHeader } from './world';

const MEDIA_FORMATS: Readonly<Record<string, SentHeader['type']>> = { IMAGE: 'image', VIDEO: 'video', DOCUMENT: 'document' };

/** Meta's answer when a header parameter is not of the template's header format. */
const formatMismatch = (expected: string) =>
  new SandboxGraphError(400, 132012, '(#132012) Parameter format does not match format in the created template', {
    details: `header: Format mismatch, expected ${expected}`,
  });

/**
 * A template send's media header, as Meta checks it: for a template whose header is an IMAGE, VIDEO or
 * DOCUMENT, the header parameter must be of that type with an uploaded media id or a link (132012
 * otherwise). Answers what the ledger records; null for a template without a media header (the
 * parameter count is checked with the text parameters).
 */
export function checkTemplateHeader(sandbox: Sandbox, business: SandboxBusiness, template: unknown): SentHeader | null {
  if (!isObject(template) || !isObject(template.language)) return null;
  const found = business.templates.find((t) => t.name === template.name && t.language === (template.language as { code?: unknown }).code);
  const format = found?.components.find((c) => c.type === 'HEADER')?.format;
  const type = format ? MEDIA_FORMATS[format] : undefined;
  if (!type) return null;
  const components = Array.isArray(template.components) ? template.components.filter(isObject) : [];
  const header = components.find((c) => c.type === 'header');
  const parameter = header && Array.isArray(header.parameters) ? header.parameters.find(isObject) : undefined;
  if (!parameter || parameter.type !== type) throw formatMismatch(type);
  const media = checkMediaReference(sandbox, business, `template.components.header.${type}`, parameter[type]);
  return {
    type,
    ...(typeof media.id === 'string' ? { id: media.id } : { link: String(media.link) }),
    ...(typeof media.filename === 'string' ? { filename: media.filename } : {}),
  };
}
