import { Form, Input } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '@vigil/contracts';
import { clearSession, useSession } from '../../session/session-store.ts';
import { errorText } from '../shared/errorText.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { confirmPasswordRules, newPasswordRules } from '../shared/passwordRules.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { changePassword } from './changePassword.ts';
import { PASSWORD_NS } from './i18n.ts';
import { useLanguage } from '../../i18n/index.ts';
import { contractRule, requiredRule } from '../shared/contractRule.ts';

interface PasswordValues {
  oldPassWord: string;
  newPassWord: string;
  confirmPassword: string;
}

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The user-menu "change password" dialog, following the spec 01 §7 flow. */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const language = useLanguage();
  const { t } = useTranslation(PASSWORD_NS);
  const [form] = Form.useForm<PasswordValues>();
  const [submitting, setSubmitting] = useState(false);
  const feedback = useFeedback();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  async function submit(values: PasswordValues): Promise<void> {
    if (!session) return;
    const returnTo = location.pathname + location.search;
    setSubmitting(true);
    const outcome = await changePassword(session.userName, values.oldPassWord, values.newPassWord);
    setSubmitting(false);
    if (outcome.kind === 'oldPasswordWrong') {
      form.setFields([{ name: 'oldPassWord', errors: [t('password.change.oldWrong')] }]);
      return;
    }
    if (outcome.kind === 'refused') {
      feedback.message.error(errorText(outcome.error));
      return;
    }
    if (!outcome.reloggedIn) {
      feedback.message.warning(t('password.change.reloginFailed'));
      clearSession();
      onClose();
      navigate('/login');
      return;
    }
    // Spec 01 §7, followed literally: step 1 (in changePassword) logged in again with the new
    // password and stored that login; the steps below still clear the session and send the user
    // to the login page, so the new password is typed once more. The re-login proves it works.
    feedback.message.success(t('password.change.success'));
    form.resetFields();
    clearSession();
    onClose();
    navigate(`/login?redirect=${encodeURIComponent(returnTo)}`);
  }

  const labels = {
    old: t('password.change.oldPassword'),
    new: t('password.change.newPassword'),
    confirm: t('password.change.confirmPassword'),
  };
  return (
    <>
      {feedback.holder}
      <FormDialog<PasswordValues>
        open={open}
        title={t('password.change.title')}
        form={form}
        formName="changePassword"
        okText={t('password.change.submit')}
        cancelText={t('password.change.cancel')}
        submitting={submitting}
        onCancel={onClose}
        onSubmit={(values) => void submit(values)}
      >
        <Form.Item<PasswordValues> name="oldPassWord" label={labels.old}
          rules={[requiredRule(language, labels.old)]}>
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <Form.Item<PasswordValues> name="newPassWord" label={labels.new} required extra={t('password.change.newPasswordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
          rules={newPasswordRules(language, labels.new)}>
          <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
        <Form.Item<PasswordValues> name="confirmPassword" label={labels.confirm} required dependencies={['newPassWord']}
          rules={confirmPasswordRules(language, labels.confirm, 'newPassWord')}>
          <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
      </FormDialog>
    </>
  );
}
