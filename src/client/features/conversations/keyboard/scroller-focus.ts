/**
 * A visible focus ring on Virtuoso's scroller, which is focusable (to scroll with the keyboard) but sets
 * `outline: none` inline: only an !important rule can draw the ring. For the sx of a list's container.
 */
export const SCROLLER_FOCUS_SX = {
  '& [data-virtuoso-scroller]:focus-visible': {
    outline: '2px solid var(--mui-palette-primary-main) !important',
    outlineOffset: '-2px',
  },
} as const;
