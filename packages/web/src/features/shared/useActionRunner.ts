import { useTranslation } from 'react-i18next';
import { errorText } from './errorText.ts';
import type { Feedback } from './useFeedback.tsx';

/**
 * The runner behind a list's row actions: runs the call, reports success with the given
 * text, then refreshes; on failure shows the server's msg. It never rejects, because a
 * confirm dialog whose onOk rejects stays open.
 */
export function useActionRunner(feedback: Feedback, afterSuccess: () => Promise<unknown>) {
  const { t } = useTranslation();
  return async function run(call: () => Promise<unknown>, successText: string): Promise<void> {
    try {
      await call();
      feedback.message.success(successText);
      await afterSuccess();
    } catch (error) {
      feedback.message.error(errorText(error));
    }
  };
}
