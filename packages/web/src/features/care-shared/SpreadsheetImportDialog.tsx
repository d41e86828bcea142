import type { ReactElement } from 'react';
import { lazyDialog } from '../shared/lazyDialog.tsx';
import type { SpreadsheetImportDialogProps } from './SpreadsheetImportDialogBody.tsx';

export type { SpreadsheetImportDialogProps };

const LazyImportDialog = lazyDialog<SpreadsheetImportDialogProps<{ imported: number }>>(() =>
  import('./SpreadsheetImportDialogBody.tsx').then((m) => m.SpreadsheetImportDialogBody),
);

/**
 * Spreadsheet import (SpreadsheetImportDialogBody), loaded the first time it opens: the
 * upload, progress and result parts stay out of every list screen's first paint.
 */
export function SpreadsheetImportDialog<Result extends { imported: number }>(props: SpreadsheetImportDialogProps<Result>): ReactElement | null {
  return <LazyImportDialog {...(props as unknown as SpreadsheetImportDialogProps<{ imported: number }>)} />;
}
