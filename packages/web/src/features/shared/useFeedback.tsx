import { App, Modal, message as staticMessage } from 'antd';
import type { ReactNode } from 'react';

/**
 * Message and confirm-dialog APIs that follow the app theme: the shell's antd <App>
 * when there is one (its messages outlive a route change), otherwise local holders.
 * Render `holder` once in the component.
 */
export function useFeedback() {
  const app = App.useApp();
  const [localMessage, messageHolder] = staticMessage.useMessage();
  const [localModal, modalHolder] = Modal.useModal();
  const hasApp = typeof app.message.error === 'function' && typeof app.modal.confirm === 'function';
  const holder: ReactNode = (
    <>
      {messageHolder}
      {modalHolder}
    </>
  );
  return { message: hasApp ? app.message : localMessage, modal: hasApp ? app.modal : localModal, holder };
}

export type Feedback = ReturnType<typeof useFeedback>;
