import { graphErrors } from './graph-errors';
import type { SandboxTemplate } from './world';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What Meta refuses in a text parameter (132018): a line break, a tab, more than four spaces in a row, or nothing at all. */
const REFUSED_TEXT = /[\r\n\t]| {5}/;

/** The text values a sent component carries for its placeholders, in order. */
function textValues(component: Json | undefined): unknown[] {
  const parameters = component && Array.isArray(component.parameters) ? component.parameters : [];
  return parameters.filter((parameter) => isObject(parameter) && parameter.type === 'text').map((parameter) => (parameter as Json).text);
}

/** Refuses the send as Meta does (132018) when a header or body text parameter breaks WhatsApp's rules. */
export function checkTextParameters(sent: Json[]): void {
  for (const part of ['header', 'body'] as const) {
    for (const value of textValues(sent.find((c) => c.type === part))) {
      if (typeof value !== 'string' || value.trim() === '' || REFUSED_TEXT.test(value)) throw graphErrors.templateParameterText();
    }
  }
}

/** The body the customer reads: the template's body with its {{n}} filled from the body's text parameters. */
export function renderedBody(template: SandboxTemplate, sent: Json[]): string | null {
  const body = template.components.find((c) => c.type === 'BODY')?.text;
  if (body === undefined) return null;
  const values = textValues(sent.find((c) => c.type === 'body'));
  // Positional: the body's parameters fill its distinct {{n}} in number order.
  const numbers = [...new Set([...body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((match) => Number(match[1])))].sort((a, b) => a - b);
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => {
    const value = values[numbers.indexOf(Number(n))];
    return typeof value === 'string' ? value : whole;
  });
}
