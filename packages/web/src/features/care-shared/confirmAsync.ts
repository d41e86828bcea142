import type { ReactNode } from 'react';
import type { Feedback } from '../shared/useFeedback.tsx';

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  okText: string;
  cancelText: string;
  danger?: boolean;
}

/** Opens a confirmation dialog and resolves true on OK, false on cancel or close. */
export function confirmAsync(feedback: Feedback, options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    feedback.modal.confirm({
      title: options.title,
      content: options.content,
      okText: options.okText,
      cancelText: options.cancelText,
      okButtonProps: { danger: options.danger },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
