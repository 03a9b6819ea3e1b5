import { getContrastRatio, hexToRgb } from '@mui/material/styles';
import { theme } from '@client/app/theme';
import { TICK_COLORS } from './message-status';

/** Hue (degrees) and saturation (0–1) of a #rrggbb colour. */
function hueAndSaturation(hex: string): { hue: number; saturation: number } {
  const [r, g, b] = hexToRgb(hex).replace(/[^\d,]/g, '').split(',').map((v) => Number(v) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const chroma = max - min;
  const lightness = (max + min) / 2;
  const saturation = chroma === 0 ? 0 : chroma / (1 - Math.abs(2 * lightness - 1));
  if (chroma === 0) return { hue: 0, saturation };
  const hue = max === r ? ((g - b) / chroma) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  return { hue: (hue * 60 + 360) % 360, saturation };
}

describe.each(['light', 'dark'] as const)('delivery ticks in the %s scheme', (scheme) => {
  const bubble = theme.colorSchemes[scheme]!.palette.primary.main;
  const { pending, read } = TICK_COLORS[scheme];

  it('stand out from our bubble by 3:1 or more (WCAG AA for graphics)', () => {
    expect(getContrastRatio(pending, bubble)).toBeGreaterThanOrEqual(3);
    expect(getContrastRatio(read, bubble)).toBeGreaterThanOrEqual(3);
  });

  it('are grey until read, then blue', () => {
    expect(hueAndSaturation(pending).saturation).toBeLessThan(0.25);
    const blue = hueAndSaturation(read);
    expect(blue.saturation).toBeGreaterThan(0.6);
    expect(blue.hue).toBeGreaterThanOrEqual(205);
    expect(blue.hue).toBeLessThanOrEqual(240);
  });
});
