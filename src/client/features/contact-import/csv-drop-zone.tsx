import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { isAcceptableCsvFile } from '@shared/validation/contact-import';

export interface CsvDropZoneProps {
  file: File | null;
  disabled?: boolean;
  onFile: (file: File) => void;
  /** One file only, .csv or text/csv, at most 10 MB: anything else is refused here. */
  onReject: () => void;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Drop a CSV file here, or click (or press Enter) to choose one. */
export function CsvDropZone({ file, disabled = false, onFile, onReject }: CsvDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  function take(files: FileList | null) {
    if (!files || files.length === 0) return;
    const [first] = Array.from(files);
    if (files.length !== 1 || !isAcceptableCsvFile({ name: first.name, type: first.type, size: first.size })) onReject();
    else onFile(first);
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(event.dataTransfer.files);
  }

  function keyDown(event: KeyboardEvent) {
    if (!disabled && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      input.current?.click();
    }
  }

  // No aria-label: the zone is named by the text it shows (which changes once a file is chosen), so
  // its name always contains what a speech-input user reads on it.
  return (
    <Box
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-disabled={disabled}
      onClick={() => !disabled && input.current?.click()}
      onKeyDown={keyDown}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={{
        border: '2px dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'background.paper',
        borderRadius: 2,
        p: 4,
        textAlign: 'center',
        cursor: disabled ? 'default' : 'pointer',
        opacity: disabled ? 0.6 : 1,
        transition: 'border-color 150ms, background-color 150ms',
      }}
    >
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="csv-file-input"
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
      {file ? (
        <>
          <InsertDriveFileOutlinedIcon color="primary" sx={{ fontSize: 40 }} />
          <Typography variant="subtitle1">{file.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatSize(file.size)} · click or drop to choose another file
          </Typography>
        </>
      ) : (
        <>
          <CloudUploadOutlinedIcon color="action" sx={{ fontSize: 40 }} />
          <Typography variant="subtitle1">Drop a CSV file here, or click to choose one</Typography>
          <Typography variant="body2" color="text.secondary">
            One .csv file, up to 10 MB
          </Typography>
        </>
      )}
    </Box>
  );
}
