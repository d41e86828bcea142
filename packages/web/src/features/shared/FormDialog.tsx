import { Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { usePreloadContractSchemas } from './contractRule.ts';

export interface FormDialogProps<Values> {
  open: boolean;
  title: ReactNode;
  form: FormInstance<Values>;
  /** Unique form name: input ids (and so label links) derive from it. */
  formName: string;
  okText: string;
  cancelText: string;
  submitting: boolean;
  onCancel: () => void;
  onSubmit: (values: Values) => void;
  initialValues?: Partial<Values>;
  children: ReactNode;
}

/**
 * A modal whose whole body is one antd Form: the OK button is the form's submit
 * button, so Enter in any field submits, and the fields reset when it closes.
 * Opening it starts loading the contract schemas its rules check with.
 */
export function FormDialog<Values>(props: FormDialogProps<Values>) {
  const { open, title, form, formName, okText, cancelText, submitting, onCancel, onSubmit, initialValues, children } = props;
  usePreloadContractSchemas(open);
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ htmlType: 'submit', loading: submitting }}
      onCancel={onCancel}
      maskClosable={!submitting}
      destroyOnHidden
      width={520}
      modalRender={(dom) => (
        <Form
          form={form}
          name={formName}
          layout="vertical"
          initialValues={initialValues}
          onFinish={onSubmit}
          clearOnDestroy
          autoComplete="off"
          requiredMark
        >
          {dom}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}
