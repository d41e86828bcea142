import { useEffect, useRef } from 'react';
import { useT } from '../i18n.ts';

/** A bottom-sheet question (`<dialog>`, modal): what happens, and Cancel or the confirming action. */
export function ConfirmSheet({ title, message, confirm, onConfirm, onCancel }: { title: string; message: string; confirm: string; onConfirm: () => void; onCancel: () => void }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="sheet" aria-labelledby="confirm-title" aria-describedby="confirm-text" onCancel={onCancel}>
      <h2 id="confirm-title">{title}</h2>
      <p id="confirm-text">{message}</p>
      <div className="sheet-actions">
        <button type="button" className="button button-quiet" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button button-primary" onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </dialog>
  );
}
