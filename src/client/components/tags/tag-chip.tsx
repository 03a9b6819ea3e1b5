import Chip, { type ChipProps } from '@mui/material/Chip';

/** WCAG relative luminance of an sRGB colour channel (0-255). */
function channelLuminance(channel: number): number {
  const c = channel / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/**
 * Black or white, whichever has the higher contrast ratio on the tag's colour: for any colour one of the
 * two reaches at least 4.58:1, so every palette colour (and any custom one) stays readable.
 */
export function textColorOn(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  if (Number.isNaN(value) || hex.length !== 7) return '#fff';
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  const luminance = 0.2126 * channelLuminance(r) + 0.7152 * channelLuminance(g) + 0.0722 * channelLuminance(b);
  const onWhite = 1.05 / (luminance + 0.05);
  const onBlack = (luminance + 0.05) / 0.05;
  return onBlack >= onWhite ? '#000' : '#fff';
}

export interface TagChipProps extends Omit<ChipProps, 'label' | 'color'> {
  name: string;
  color: string;
}

/** A tag as it appears everywhere: its name on its colour. */
export function TagChip({ name, color, sx, ...props }: TagChipProps) {
  return <Chip size="small" {...props} label={name} sx={{ bgcolor: color, color: textColorOn(color), ...sx }} />;
}
