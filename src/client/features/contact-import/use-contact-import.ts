import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@client/components/error-message';
import type { ContactImportResult } from '@shared/api/contact-import';
import { useImportContactsMutation } from './contact-import-api';
import { previewCsv, type CsvPreview } from './csv-preview';

/** The CSV import steps: idle, file chosen, importing, result shown. */
export type ImportState =
  | { step: 'idle' }
  | { step: 'chosen'; file: File; preview: CsvPreview | null }
  | { step: 'importing'; file: File; preview: CsvPreview | null; progress: number }
  | { step: 'done'; file: File; result: ContactImportResult };

export function useContactImport() {
  const [importContacts] = useImportContactsMutation();
  const [state, setState] = useState<ImportState>({ step: 'idle' });
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useRef<ReturnType<typeof importContacts> | null>(null);

  useEffect(
    () => () => {
      const running = upload.current;
      upload.current = null;
      running?.abort();
    },
    [],
  );

  const choose = useCallback((file: File) => {
    setFailure(null);
    setState({ step: 'chosen', file, preview: null });
    file.text().then(
      (text) => {
        const preview = previewCsv(text);
        setState((current) => (current.step === 'chosen' && current.file === file ? { ...current, preview } : current));
      },
      () => setFailure('The file could not be read. Choose it again.'),
    );
  }, []);

  const start = useCallback(
    async (tagName: string) => {
      if (state.step !== 'chosen') return;
      const { file, preview } = state;
      setFailure(null);
      setState({ step: 'importing', file, preview, progress: 0 });
      const handle = importContacts({
        file,
        tagName,
        onProgress: (progress) => setState((current) => (current.step === 'importing' ? { ...current, progress } : current)),
      });
      upload.current = handle;
      // A cancelled upload (reset) is no longer this screen's business: its rejection is ignored.
      const current = () => upload.current === handle;
      try {
        const result = await handle.unwrap();
        if (!current()) return;
        setState({ step: 'done', file, result });
      } catch (error) {
        if (!current()) return;
        setFailure(errorMessage(error, 'Failed to import contacts. Please try again.'));
        setState({ step: 'chosen', file, preview });
      } finally {
        if (current()) upload.current = null;
      }
    },
    [state, importContacts],
  );

  const reset = useCallback(() => {
    const cancelled = upload.current;
    upload.current = null;
    cancelled?.abort();
    setFailure(null);
    setState({ step: 'idle' });
  }, []);

  return { state, failure, choose, start, reset };
}
