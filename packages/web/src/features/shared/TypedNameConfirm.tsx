import { Input, Modal, Typography } from 'antd';
import { useEffect, useId, useState, type ReactNode } from 'react';

export interface TypedNameConfirmProps {
  /** The name the user must type; the dialog is closed while null. */
  name: string | null;
  title: ReactNode;
  /** What the delete does, in plain words. */
  content: ReactNode;
  /** Label of the input, e.g. “Type Sunrise Riverside Home to confirm”. */
  inputLabel: string;
  okText: string;
  cancelText: string;
  /** Runs the delete; the dialog stays open (with a spinner) until it settles. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * Confirmation for a delete that takes much with it: the delete button is enabled only
 * once the user has typed the exact name of what is being deleted.
 */
export function TypedNameConfirm({ name, title, content, inputLabel, okText, cancelText, onConfirm, onClose }: TypedNameConfirmProps) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  useEffect(() => setTyped(''), [name]);
  const matches = name !== null && typed.trim() === name;

  async function confirm() {
    if (!matches) return;
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
    onClose();
  }

  return (
    <Modal
      open={name !== null}
      title={title}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ danger: true, disabled: !matches, loading: busy }}
      onOk={() => void confirm()}
      onCancel={onClose}
      maskClosable={!busy}
      destroyOnHidden
    >
      <Typography.Paragraph>{content}</Typography.Paragraph>
      <label htmlFor={inputId} style={{ display: 'block', marginBottom: 8 }}>
        {inputLabel}
      </label>
      <Input id={inputId} value={typed} autoComplete="off" placeholder={name ?? ''} onChange={(event) => setTyped(event.target.value)} onPressEnter={() => void confirm()} />
    </Modal>
  );
}
