import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { MEDIA_CAPTION_MAX_LENGTH } from '@shared/constants';
import { formatBytes } from '@shared/media-kinds';
import { ImageThumbnail, isPreviewableImage } from '@client/components/image-thumbnail';
import type { StagedMedia } from './use-media-send';

export interface MediaAttachmentProps {
  staged: StagedMedia;
  /** 0..1 while uploading. */
  progress: number | null;
  onSend: (caption: string) => void;
  onCancel: () => void;
}

/** A picked file ready to send: its name and size, an optional caption, Send, and the upload's progress. */
export function MediaAttachment({ staged, progress, onSend, onCancel }: MediaAttachmentProps) {
  const [caption, setCaption] = useState('');
  const uploading = progress !== null;
  return (
    <Box
      component="form"
      aria-label="Send a file"
      onSubmit={(event) => {
        event.preventDefault();
        onSend(caption);
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {isPreviewableImage(staged.file) ? <ImageThumbnail file={staged.file} /> : <InsertDriveFileOutlinedIcon color="action" aria-hidden />}
        <Typography sx={{ flexGrow: 1, minWidth: 0 }} noWrap>
          {staged.file.name}
          <Typography component="span" variant="body2" color="text.secondary">
            {' '}
            ({formatBytes(staged.file.size)})
          </Typography>
        </Typography>
        <IconButton aria-label={uploading ? 'Cancel upload' : 'Remove file'} onClick={onCancel} size="small">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <TextField
        size="small"
        label="Caption (optional)"
        value={caption}
        onChange={(event) => setCaption(event.target.value)}
        disabled={uploading}
        multiline
        maxRows={4}
        slotProps={{ htmlInput: { maxLength: MEDIA_CAPTION_MAX_LENGTH } }}
      />
      {uploading && <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Upload progress" />}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={uploading}>
          Send File
        </Button>
      </Box>
    </Box>
  );
}
