import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { RESPONSE_TARGET_SECONDS_MAX, RESPONSE_TARGET_SECONDS_MIN, SHIFT_COUNT_MAX } from '@vigil/contracts';
import { Alert, Button, Card, Form, Input, InputNumber, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { asLanguage } from '../alarms/alarmText.ts';
import { contractMessage, contractRule, loadContractSchemas, usePreloadContractSchemas } from '../shared/contractRule.ts';
import { errorText } from '../shared/errorText.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { useAnalyticsSettings, useSaveAnalyticsSettings } from './analyticsApi.ts';
import { ANALYTICS_NS } from './i18n.ts';

interface SettingsForm {
  shiftStarts: string[];
  targetSeconds: number;
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The shifts (start times) and the response target, checked with the contract's messages. */
export function AnalyticsSettingsCard({ feedback }: { feedback: Feedback }) {
  const { t, i18n } = useTranslation(ANALYTICS_NS);
  const language = asLanguage(i18n.language);
  const settings = useAnalyticsSettings();
  const save = useSaveAnalyticsSettings();
  const [form] = Form.useForm<SettingsForm>();
  usePreloadContractSchemas();

  useEffect(() => {
    if (settings.data) form.setFieldsValue({ shiftStarts: settings.data.shiftStarts, targetSeconds: settings.data.targetSeconds });
  }, [settings.data, form]);

  const submit = async (values: SettingsForm) => {
    try {
      await save.mutateAsync(values);
      feedback.message.success(t('analytics.settings.saved'));
    } catch (error) {
      feedback.message.error(errorText(error));
    }
  };

  return (
    <Card title={t('analytics.settings.title')}>
      <Typography.Paragraph type="secondary">{t('analytics.settings.intro')}</Typography.Paragraph>
      {settings.isError ? <Alert type="error" showIcon message={errorText(settings.error)} /> : null}
      {settings.data && !settings.data.saved ? <Alert type="info" showIcon message={t('analytics.settings.defaults')} style={{ marginBottom: 12 }} /> : null}
      {settings.isLoading ? (
        <Skeleton active />
      ) : (
        <Form<SettingsForm> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
          <Form.List
            name="shiftStarts"
            rules={[{ validator: async (_rule, value: unknown) => {
              const { AnalyticsSettingsInputSchema } = await loadContractSchemas();
              const parsed = AnalyticsSettingsInputSchema.shape.shiftStarts.safeParse(value);
              if (!parsed.success) throw new Error(contractMessage(parsed.error.issues[0]?.message, language));
            } }]}
          >
            {(fields, { add, remove }, { errors }) => (
              <>
                <div className="analytics-shifts">
                  {fields.map((field, index) => (
                    <Form.Item
                      key={field.key}
                      name={field.name}
                      label={t('analytics.settings.shiftStart', { number: index + 1 })}
                      rules={[{ pattern: CLOCK, message: contractMessage('validation.shiftTime', language) }, { required: true, message: contractMessage('validation.shiftTime', language) }]}
                    >
                      <Input
                        className="analytics-shift-input"
                        placeholder="HH:mm"
                        inputMode="numeric"
                        maxLength={5}
                        suffix={
                          fields.length > 1 ? (
                            <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={t('analytics.settings.removeShift', { number: index + 1 })} onClick={() => remove(field.name)} />
                          ) : null
                        }
                      />
                    </Form.Item>
                  ))}
                  {fields.length < SHIFT_COUNT_MAX ? (
                    <Form.Item>
                      <Button icon={<PlusOutlined />} onClick={() => add('')}>
                        {t('analytics.settings.addShift')}
                      </Button>
                    </Form.Item>
                  ) : null}
                </div>
                <Form.ErrorList errors={errors} />
              </>
            )}
          </Form.List>
          <Form.Item
            name="targetSeconds"
            label={t('analytics.settings.target')}
            rules={[contractRule((schemas) => schemas.AnalyticsSettingsInputSchema.shape.targetSeconds, language, { field: t('analytics.settings.target') })]}
          >
            <InputNumber min={RESPONSE_TARGET_SECONDS_MIN} max={RESPONSE_TARGET_SECONDS_MAX} addonAfter={t('analytics.settings.secondsUnit')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('analytics.settings.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
