import { SaveOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PLATFORM_NAME_MAX, PLATFORM_NAME_MIN, platformSettingSave } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { contractRule, requiredRule, usePreloadContractSchemas } from '../shared/contractRule.ts';
import { applyLogo, applyPlatformName, invalidatePlatformQueries } from './branding.ts';
import { LogoField } from './LogoField.tsx';
import { PLATFORM_NS } from './i18n.ts';
import { useLanguage } from '../../i18n/index.ts';

interface PlatformSettingValues {
  name: string;
  logoUrl: string;
}

export interface PlatformSettingsFormProps {
  initial: PlatformSettingValues;
  feedback: Feedback;
}

/** The platform name and logo form; saving applies them to the page title and icon at once. */
export function PlatformSettingsForm({ initial, feedback }: PlatformSettingsFormProps) {
  const language = useLanguage();
  const { t } = useTranslation(PLATFORM_NS);
  const [form] = Form.useForm<PlatformSettingValues>();
  usePreloadContractSchemas();
  const queryClient = useQueryClient();
  const name = Form.useWatch('name', form);
  const logoUrl = Form.useWatch('logoUrl', form);
  const changed = (name !== undefined && name !== initial.name) || (logoUrl !== undefined && logoUrl !== initial.logoUrl);

  const save = useMutation({
    mutationFn: (values: PlatformSettingValues) => callApi(platformSettingSave, { name: values.name.trim(), logoUrl: values.logoUrl }),
    onSuccess: async (_data, values) => {
      applyPlatformName(values.name.trim());
      applyLogo(values.logoUrl);
      feedback.message.success(t('platform.settings.saved'));
      await invalidatePlatformQueries(queryClient);
    },
    onError: (error) => void feedback.message.error(errorText(error)),
  });

  const nameLabel = t('platform.settings.name');
  return (
    <Form<PlatformSettingValues> form={form} name="platformSettings" layout="vertical" initialValues={initial}
      onFinish={(values) => save.mutate(values)} autoComplete="off" style={{ maxWidth: 560 }}>
      <Form.Item<PlatformSettingValues> name="name" label={nameLabel} required extra={t('platform.settings.nameHint', { min: PLATFORM_NAME_MIN, max: PLATFORM_NAME_MAX })}
        rules={[contractRule((schemas) => schemas.platformNameSchema, language, { field: nameLabel })]}>
        <Input maxLength={PLATFORM_NAME_MAX} showCount />
      </Form.Item>
      <Form.Item<PlatformSettingValues> name="logoUrl" label={t('platform.settings.logo')}>
        <LogoField />
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
          {t('platform.settings.save')}
        </Button>
        <Button onClick={() => form.resetFields()} disabled={save.isPending || !changed}>
          {t('platform.settings.reset')}
        </Button>
        {changed && <Typography.Text type="warning">{t('platform.settings.unsaved')}</Typography.Text>}
      </Space>
    </Form>
  );
}
