import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperationRef } from '@vigil/contracts';
import { downloadFile } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { CARE_NS } from './i18n.ts';

/**
 * Downloads a template or an export (named from content-disposition), remembering which
 * one is running so its button can spin, and showing the server's msg when it fails.
 */
export function useDownload(feedback: Feedback) {
  const { t } = useTranslation(CARE_NS);
  const [running, setRunning] = useState<string | null>(null);

  async function download(key: string, operation: OperationRef, input: Record<string, unknown> = {}): Promise<void> {
    setRunning(key);
    try {
      await downloadFile(operation, input);
    } catch (error) {
      feedback.message.error(errorText(error));
    } finally {
      setRunning(null);
    }
  }

  return { download, running };
}
