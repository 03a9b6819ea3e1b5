import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';

/**
 * WhatsApp's text formatting as React nodes: http(s) links, *bold*, _italic_, ~strike~ and ```mono```.
 * Everything else stays text: nodes are built from strings, never from HTML, so '<b>' shows as typed.
 */

type Style = 'bold' | 'italic' | 'strike';

const MARKERS: Readonly<Record<string, Style>> = { '*': 'bold', _: 'italic', '~': 'strike' };
const MONO = '```';

// A run of non-space text from http:// or https:// at the start of a word (after a space, an opening
// bracket or quote, or a marker), so 'javascript://https://…' is no link; its tail is trimmed below.
const URL_CANDIDATE = /(?<![^\s([{'"*_~])https?:\/\/[^\s<>"]+/giu;
// Sentence punctuation and formatting markers right after a link belong to the text around it.
const LINK_TAIL = new Set(['.', ',', ';', ':', '!', '?', "'", '*', '_', '~', ')', ']', '}']);

interface Span {
  start: number;
  end: number;
}

/** The href of a link candidate, or null when it is not a well-formed http or https address. */
function linkHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const count = (text: string, char: string) => text.split(char).length - 1;

/** A link candidate without the punctuation after it; a ')' stays when it closes a '(' of the link. */
function trimLink(candidate: string): string {
  let end = candidate.length;
  while (end > 0 && LINK_TAIL.has(candidate[end - 1])) {
    const kept = candidate.slice(0, end);
    if (kept.endsWith(')') && count(kept, '(') >= count(kept, ')')) break;
    end -= 1;
  }
  return candidate.slice(0, end);
}

/** Every http(s) link in the text. */
function findLinks(text: string): Span[] {
  const links: Span[] = [];
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const link = trimLink(match[0]);
    if (linkHref(link)) links.push({ start: match.index, end: match.index + link.length });
  }
  return links;
}

const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

class Parser {
  private readonly links: Span[];
  private key = 0;

  constructor(private readonly text: string) {
    this.links = findLinks(text);
  }

  private linkAt(index: number): Span | undefined {
    return this.links.find((link) => index >= link.start && index < link.end);
  }

  /** The end of ```mono``` opening at `start` (after its closing marker), or -1. */
  private monoEnd(start: number, limit: number): number {
    if (!this.text.startsWith(MONO, start)) return -1;
    const close = this.text.indexOf(MONO, start + MONO.length + 1);
    return close === -1 || close + MONO.length > limit ? -1 : close + MONO.length;
  }

  /**
   * The end of the styled run a marker opens at `start` (after its closing marker), or -1. WhatsApp's
   * rule: the marker starts a word, the text it wraps starts and ends with a non-space on one line, and
   * the closing marker ends a word. Markers inside links do not count.
   */
  private styleEnd(start: number, limit: number): number {
    const { text } = this;
    const marker = text[start];
    if (isWordChar(text[start - 1]) || isSpace(text[start + 1]) || text[start + 1] === marker) return -1;
    for (let close = start + 2; close < limit; close += 1) {
      const char = text[close];
      if (char === '\n') return -1;
      if (char !== marker || this.linkAt(close)) continue;
      if (!isSpace(text[close - 1]) && !isWordChar(text[close + 1])) return close + 1;
    }
    return -1;
  }

  private nextKey(): string {
    this.key += 1;
    return String(this.key);
  }

  /** The nodes for text[from, to). */
  parse(from: number, to: number): ReactNode[] {
    const nodes: ReactNode[] = [];
    let plain = from;
    const flush = (until: number) => {
      if (until > plain) nodes.push(this.text.slice(plain, until));
    };
    let at = from;
    while (at < to) {
      const link = this.links.find((span) => span.start === at);
      if (link && link.end <= to) {
        flush(at);
        const address = this.text.slice(link.start, link.end);
        nodes.push(
          <Link key={this.nextKey()} href={linkHref(address) ?? undefined} target="_blank" rel="noopener noreferrer" color="inherit" underline="always">
            {address}
          </Link>,
        );
        at = plain = link.end;
        continue;
      }
      const monoEnd = this.monoEnd(at, to);
      if (monoEnd !== -1) {
        flush(at);
        nodes.push(
          <Box component="code" key={this.nextKey()} sx={{ fontFamily: 'monospace', fontSize: '0.95em' }}>
            {this.text.slice(at + MONO.length, monoEnd - MONO.length)}
          </Box>,
        );
        at = plain = monoEnd;
        continue;
      }
      const style = MARKERS[this.text[at]];
      const styleEnd = style ? this.styleEnd(at, to) : -1;
      if (style && styleEnd !== -1) {
        flush(at);
        const inner = this.parse(at + 1, styleEnd - 1);
        const key = this.nextKey();
        nodes.push(style === 'bold' ? <strong key={key}>{inner}</strong> : style === 'italic' ? <em key={key}>{inner}</em> : <s key={key}>{inner}</s>);
        at = plain = styleEnd;
        continue;
      }
      at += 1;
    }
    flush(to);
    return nodes;
  }
}

/** A message's text as React nodes, with its links and WhatsApp formatting. */
export function formatMessageText(text: string): ReactNode[] {
  return new Parser(text).parse(0, text.length);
}
