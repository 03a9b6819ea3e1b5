import Chip, { type ChipProps } from '@mui/material/Chip';

/** Black or white, whichever reads better on the tag's colour (the palette has light yellows and greens). */
export function textColorOn(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  if (Number.isNaN(value) || hex.length !== 7) return '#fff';
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  const luminance = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
  return luminance > 0.6 ? 'rgba(0, 0, 0, 0.87)' : '#fff';
}

export interface TagChipProps extends Omit<ChipProps, 'label' | 'color'> {
  name: string;
  color: string;
}

/** A tag as it appears everywhere: its name on its colour. */
export function TagChip({ name, color, sx, ...props }: TagChipProps) {
  return <Chip size="small" {...props} label={name} sx={{ bgcolor: color, color: textColorOn(color), ...sx }} />;
}
