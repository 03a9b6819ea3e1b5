/**
 * Parley's one mail layout: a few paragraphs, one button with its link, and a footer naming the
 * organization and Parley's address. Everything interpolated into the HTML is escaped. The link itself
 * is not in the bodies: they carry LINK_PLACEHOLDER, and the link travels as the message's secret
 * (encrypted in the outbox) until the moment the message is sent.
 */

export const LINK_PLACEHOLDER = '{{parley-link}}';

export interface ButtonMailContent {
  organizationName: string;
  /** The sentences above the button, each its own paragraph. */
  paragraphs: readonly string[];
  buttonLabel: string;
  /** The link the button opens (a secret when it carries a token). */
  link: string;
  /** A line under the button, e.g. how long the link works. */
  note?: string;
  /** PUBLIC_URL: where Parley lives, named in the footer. */
  publicUrl: string;
}

export interface MailBodies {
  text: string;
  html: string;
  secret: { link: string };
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function buttonMail(content: ButtonMailContent): MailBodies {
  const footer = `Sent by Parley for ${content.organizationName} · ${content.publicUrl}`;
  const text = [
    ...content.paragraphs,
    `${content.buttonLabel}: ${LINK_PLACEHOLDER}`,
    ...(content.note ? [content.note] : []),
    '--',
    footer,
  ].join('\n\n');
  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2328;line-height:1.5">',
    ...content.paragraphs.map(paragraph),
    `<p style="margin:24px 0"><a href="${LINK_PLACEHOLDER}" style="background:#075e54;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.buttonLabel)}</a></p>`,
    `<p style="margin:0 0 16px;font-size:13px">If the button does not work, open this link: <a href="${LINK_PLACEHOLDER}">${LINK_PLACEHOLDER}</a></p>`,
    ...(content.note ? [paragraph(content.note)] : []),
    `<hr><p style="font-size:12px;color:#57606a">Sent by Parley for ${escapeHtml(content.organizationName)} · <a href="${escapeHtml(content.publicUrl)}">${escapeHtml(content.publicUrl)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { text, html, secret: { link: content.link } };
}

/** Puts the link back into bodies at send time: as it is in the text, escaped in the HTML. */
export function withLink(bodies: { text: string; html: string }, link: string | null): { text: string; html: string } {
  if (link === null) return bodies;
  return { text: bodies.text.split(LINK_PLACEHOLDER).join(link), html: bodies.html.split(LINK_PLACEHOLDER).join(escapeHtml(link)) };
}
