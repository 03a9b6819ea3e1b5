import { useColorScheme } from '@mui/material/styles';
import EmojiPicker, { EmojiStyle } from 'emoji-picker-react';

export interface EmojiPickerPanelProps {
  onPick: (emoji: string) => void;
}

/**
 * The emoji library itself (emoji-picker-react: search, categories, skin tones, keyboard navigation),
 * in its own chunk: only a composer whose emoji button was pressed loads it. Native glyphs, so it asks
 * no CDN for images; the page's light or dark scheme.
 */
export default function EmojiPickerPanel({ onPick }: EmojiPickerPanelProps) {
  const { mode, systemMode } = useColorScheme();
  const scheme = (mode === 'system' ? systemMode : mode) ?? 'light';
  return (
    <EmojiPicker
      onEmojiClick={(data) => onPick(data.emoji)}
      emojiStyle={EmojiStyle.NATIVE}
      colorScheme={scheme}
      autoFocusSearch
      lazyLoadEmojis
      previewConfig={{ showPreview: false }}
      width="min(350px, calc(100vw - 32px))"
      height={400}
    />
  );
}
