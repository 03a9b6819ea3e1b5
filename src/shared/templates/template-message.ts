import type { TemplateButton, TemplateComponent } from '../api/templates';

/**
 * A template's variables and its rendering with parameter values, shared by the New Broadcast preview
 * and the server (which checks the parameters and stores the rendered text on each broadcast message).
 * Variables are the {{n}} placeholders of the header and body text; their count is the highest n, and
 * parameter n fills every {{n}}.
 */

const PLACEHOLDER = /\{\{\s*(\d+)\s*\}\}/g;

function placeholdersIn(text: string | undefined): number[] {
  return [...(text ?? '').matchAll(PLACEHOLDER)].map((match) => Number(match[1]));
}

function textOf(components: TemplateComponent[], type: 'HEADER' | 'BODY' | 'FOOTER'): string | undefined {
  const component = components.find((c) => c.type === type);
  if (!component || component.type === 'BUTTONS') return undefined;
  if (component.type === 'HEADER' && component.format !== 'TEXT') return undefined;
  return component.text;
}

/** How many parameters a template takes: the highest {{n}} of its header and body (0 when none). */
export function templateVariableCount(components: TemplateComponent[]): number {
  return Math.max(0, ...placeholdersIn(textOf(components, 'HEADER')), ...placeholdersIn(textOf(components, 'BODY')));
}

/** The {{n}} numbers a header or body uses, in order of appearance: the parameters Meta expects for it. */
export function placeholderOrder(components: TemplateComponent[], part: 'HEADER' | 'BODY'): number[] {
  return placeholdersIn(textOf(components, part));
}

/** Fills {{n}} with parameter n; an empty or missing value shows the placeholder itself. */
export function fillPlaceholders(text: string, parameters: readonly string[]): string {
  return text.replace(PLACEHOLDER, (whole, n: string) => parameters[Number(n) - 1] || whole);
}

export interface RenderedTemplate {
  header: string | null;
  /** A media header's format (IMAGE, VIDEO, DOCUMENT, LOCATION), shown as a placeholder. */
  headerFormat: string | null;
  body: string;
  footer: string | null;
  buttons: TemplateButton[];
}

/** The message a customer receives, with the parameters filled in. */
export function renderTemplate(components: TemplateComponent[], parameters: readonly string[]): RenderedTemplate {
  const header = components.find((c) => c.type === 'HEADER');
  const headerText = textOf(components, 'HEADER');
  const buttons = components.find((c) => c.type === 'BUTTONS');
  return {
    header: headerText === undefined ? null : fillPlaceholders(headerText, parameters),
    headerFormat: header && header.type === 'HEADER' && header.format !== 'TEXT' ? header.format : null,
    body: fillPlaceholders(textOf(components, 'BODY') ?? '', parameters),
    footer: textOf(components, 'FOOTER') ?? null,
    buttons: buttons && buttons.type === 'BUTTONS' ? buttons.buttons : [],
  };
}

/** The buttons automation rules can be set for: the template's quick replies. */
export function quickReplyButtons(components: TemplateComponent[]): TemplateButton[] {
  const buttons = components.find((c) => c.type === 'BUTTONS');
  return buttons && buttons.type === 'BUTTONS' ? buttons.buttons.filter((b) => b.type === 'QUICK_REPLY') : [];
}
