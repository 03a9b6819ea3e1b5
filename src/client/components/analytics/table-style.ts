/**
 * The analytics tables on a phone: cells keep 8 px of side padding instead of 16, and long words break
 * only when a line cannot hold them, so the tables fit the screen without scrolling sideways.
 */
export const COMPACT_TABLE = { '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } } as const;

/** Text that may be long (a reason, a button, an e-mail): wraps between words, breaks a word only if it must. */
export const WRAP = { overflowWrap: 'break-word' } as const;

/** Columns dropped on phones, where they do not fit. */
export const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** What stands in for a dropped column on phones, under the row's first cell. */
export const NARROW_ONLY = { display: { xs: 'block', sm: 'none' } } as const;
