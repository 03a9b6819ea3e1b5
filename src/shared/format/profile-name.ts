import { PROFILE_NAME_MAX } from '../constants';

/** Line breaks and tabs: they separate words, so each becomes a space. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
/**
 * Removed outright: the other C0 and C1 control characters and DEL, and the bidirectional controls that
 * could reorder the text around the name (embeddings and overrides U+202A–U+202E, isolates
 * U+2066–U+2069) and the invisible direction marks (U+200E, U+200F, U+061C). Joiners (U+200D) stay:
 * emoji sequences need them.
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const REMOVED = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/**
 * A WhatsApp profile name as Parley keeps it: as the customer set it (any script, emoji, digits,
 * punctuation), without control and bidirectional-override characters, trimmed, at most
 * PROFILE_NAME_MAX characters (cut between code points, never inside a surrogate pair); null when
 * nothing is left.
 */
export function sanitizeProfileName(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const cleaned = raw.replace(BREAKS, ' ').replace(REMOVED, '').trim();
  const cut = Array.from(cleaned).slice(0, PROFILE_NAME_MAX).join('').trim();
  return cut === '' ? null : cut;
}
