import interLatinExt from '@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';
import { PRIMARY_FONT } from '@shared/constants';

/**
 * Inter is bundled, not fetched: the product runs without outside network and the CSP
 * allows fonts from 'self' only. The browser downloads a file only for the characters a page uses.
 */
export const FONT_FACES = `
@font-face {
  font-family: '${PRIMARY_FONT}';
  font-style: normal;
  font-display: swap;
  font-weight: 100 900;
  src: url(${interLatin}) format('woff2-variations');
  unicode-range: U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD;
}
@font-face {
  font-family: '${PRIMARY_FONT}';
  font-style: normal;
  font-display: swap;
  font-weight: 100 900;
  src: url(${interLatinExt}) format('woff2-variations');
  unicode-range: U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF;
}
`;

export const FONT_STACK = [
  `'${PRIMARY_FONT}'`, 'system-ui', '-apple-system', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', 'Arial', 'sans-serif',
].join(', ');
