import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';

/**
 * A picked image as it will be sent, before the upload (small unless `sx` says otherwise), named by its file for screen readers.
 * Shown through an object URL that lives as long as the thumbnail shows this file (revoked on a new
 * file, on Remove, after the send and when the chat closes).
 */
export function ImageThumbnail({ file, sx }: { file: File; sx?: SxProps<Theme> }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <Box
      component="img"
      ref={image}
      alt={`Preview of ${file.name}`}
      sx={[
        { width: 64, height: 64, flexShrink: 0, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: 'action.hover' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}

/** Whether the picked file is an image a browser can show. */
export const isPreviewableImage = (file: File) => file.type.startsWith('image/');
