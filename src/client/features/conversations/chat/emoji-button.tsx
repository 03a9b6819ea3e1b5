import EmojiEmotionsOutlinedIcon from '@mui/icons-material/EmojiEmotionsOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import { lazy, Suspense, useId, useRef, useState } from 'react';

// Split out by webpack (the library: about 86 KB gzipped) and fetched the first time the picker opens.
const EmojiPickerPanel = lazy(() => import('./emoji-picker-panel'));

export interface EmojiButtonProps {
  disabled: boolean;
  /** An emoji was chosen, and the picker is gone: the caller puts it in and takes the focus. */
  onPick: (emoji: string) => void;
}

/** The composer's emoji button and its picker. Escape (or a click outside) closes it and focus returns to the button. */
export function EmojiButton({ disabled, onPick }: EmojiButtonProps) {
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const [open, setOpen] = useState(false);
  // Once the picker is gone (its focus trap would pull focus back while it closes): a chosen emoji is
  // handed over, and the caller's box takes the focus; else (Escape, a click outside) the button takes it.
  const picked = useRef<string | null>(null);
  const pickerId = useId();
  return (
    <>
      <IconButton
        ref={setButton}
        aria-label="Insert emoji"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? pickerId : undefined}
        onClick={() => {
          picked.current = null;
          setOpen(true);
        }}
        disabled={disabled}
      >
        <EmojiEmotionsOutlinedIcon />
      </IconButton>
      <Popover
        id={pickerId}
        open={open}
        anchorEl={button}
        onClose={() => setOpen(false)}
        disableRestoreFocus
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: { role: 'dialog', 'aria-label': 'Emoji picker' },
          transition: { onExited: () => (picked.current === null ? button?.focus() : onPick(picked.current)) },
        }}
      >
        <Suspense
          fallback={
            <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', width: 'min(350px, calc(100vw - 32px))', height: 400 }}>
              <CircularProgress size={28} aria-label="Loading emoji" />
            </Box>
          }
        >
          <EmojiPickerPanel
            onPick={(emoji) => {
              picked.current = emoji;
              setOpen(false);
            }}
          />
        </Suspense>
      </Popover>
    </>
  );
}
