import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LOGIN_NAME_MAX, LOGIN_NAME_MIN, LOGIN_NAME_PATTERN, login, publicKey, Status, type LoginResult } from '@vigil/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi } from '../../api/client.ts';
import { encryptPassword } from '@vigil/client';
import { acceptLogin, loginErrorText } from './login-flow.ts';

interface LoginValues {
  userName: string;
  passWord: string;
}

/** Account and password form: RSA-encrypts the password, logs in and hands the stored result on. */
export function LoginForm({ onSignedIn }: { onSignedIn: (result: LoginResult) => void }) {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Caregivers and installers are refused here: the refusal links to their app (issue 25 item 15).
  const [appOnly, setAppOnly] = useState(false);

  async function submit(values: LoginValues) {
    setSubmitting(true);
    setError(null);
    setAppOnly(false);
    try {
      const key = await callApi(publicKey, {}, { sessionCheck: false });
      const result = await callApi(
        login,
        { userName: values.userName.trim(), passWord: await encryptPassword(key.publicKey, values.passWord), from: 'PC', rsa: true },
        { sessionCheck: false },
      );
      const refusal = acceptLogin(result, t);
      if (refusal) setError(refusal);
      else onSignedIn(result);
    } catch (failure) {
      setError(loginErrorText(failure, t));
      setAppOnly(failure instanceof ApiError && failure.status === Status.WEB_LOGIN_FORBIDDEN);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form<LoginValues> name="login" layout="vertical" size="large" requiredMark={false} onFinish={submit} disabled={submitting}>
      {error ? (
        <Alert
          className="login-card__error"
          type="error"
          showIcon
          message={error}
          role="alert"
          description={appOnly ? <a href="/app/">{t('shell.login.openApp')}</a> : undefined}
        />
      ) : null}
      <Form.Item
        name="userName"
        label={t('shell.login.account')}
        rules={[
          { required: true, whitespace: true, message: t('shell.login.accountRequired') },
          {
            validator: async (_rule, value: unknown) => {
              const text = typeof value === 'string' ? value.trim() : '';
              if (!text) return;
              if (text.length < LOGIN_NAME_MIN || text.length > LOGIN_NAME_MAX || !LOGIN_NAME_PATTERN.test(text)) {
                throw new Error(t('shell.login.accountRule', { min: LOGIN_NAME_MIN, max: LOGIN_NAME_MAX }));
              }
            },
          },
        ]}
      >
        <Input prefix={<UserOutlined />} placeholder={t('shell.login.accountPlaceholder', { min: LOGIN_NAME_MIN, max: LOGIN_NAME_MAX })} autoComplete="username" maxLength={LOGIN_NAME_MAX} autoFocus />
      </Form.Item>
      <Form.Item name="passWord" label={t('shell.login.password')} rules={[{ required: true, message: t('shell.login.passwordRequired') }]}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('shell.login.passwordPlaceholder')} autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting} disabled={false}>
        {t('shell.login.submit')}
      </Button>
    </Form>
  );
}
