import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ESCALATION_AFTER_MINUTES_MAX,
  ESCALATION_AFTER_MINUTES_MIN,
  ESCALATION_AUDIENCES,
  ESCALATION_CHANNELS,
  ESCALATION_EMAILS_MAX,
  ESCALATION_STEPS_MAX,
  LANGUAGE_NAMES,
  LANGUAGES,
  type EscalationAudience,
  type EscalationChannel,
  type EscalationSetting,
  type Language,
} from '@vigil/contracts';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, InputNumber, Select, Skeleton, Switch, Typography, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/index.ts';
import { errorText } from '../shared/errorText.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { useEscalation, useSaveEscalation } from './escalationApi.ts';
import { ESCALATION_NS } from './i18n.ts';
import './escalation.css';

interface StepForm {
  afterMinutes: number;
  audience: EscalationAudience;
  channels: EscalationChannel[];
  emails: string[];
}
interface ChainForm {
  red: StepForm[];
  orange: StepForm[];
  /** Caregiver ids on duty, by shift index. */
  roster: Record<string, number[]>;
  /** Relatives may receive alarm notifications (if they opt in in the app). */
  relativesPush: boolean;
  /** The morning summary email: recipients, the language of each one's email, and the care home's local time. */
  summaryEmails: string[];
  summaryLanguages: Record<string, Language>;
  summaryTime: string;
}
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
type Level = 'red' | 'orange';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
// Choices are checked by validators, not `required`: antd would put aria-required on a select's or group's wrapper, which ARIA does not allow there.
const NEW_STEP: StepForm = { afterMinutes: 0, audience: 'residentCaregivers', channels: ['push'], emails: [] };

function formOf(setting: EscalationSetting): ChainForm {
  const step = (value: EscalationSetting['red'][number]): StepForm => ({ ...value, emails: value.emails ?? [] });
  return {
    red: setting.red.map(step),
    orange: setting.orange.map(step),
    roster: Object.fromEntries(setting.shifts.map((shift) => [String(shift.index), setting.roster.find((entry) => entry.shift === shift.index)?.caregiverIds ?? []])),
    relativesPush: setting.relativesPush,
    summaryEmails: setting.summaryRecipients.map((recipient) => recipient.email),
    summaryLanguages: Object.fromEntries(setting.summaryRecipients.map((recipient) => [recipient.email, recipient.language])),
    summaryTime: setting.summaryTime,
  };
}

/**
 * Escalation chains, /alarm-log/escalation (issue 28, docs/alarms.md "Escalation chains"): per
 * alarm level, who is told of a pending alarm, how, and after how long; and who is on duty in
 * each shift. Removing a step asks first; the server refuses bad input in the user's language
 * and then nothing is saved.
 */
export function EscalationPage() {
  const { t } = useTranslation(ESCALATION_NS);
  const feedback = useFeedback();
  const setting = useEscalation();
  const save = useSaveEscalation();
  const [form] = Form.useForm<ChainForm>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const language = useLanguage();
  const summaryEmails = Form.useWatch('summaryEmails', form);

  useEffect(() => {
    if (setting.data) form.setFieldsValue(formOf(setting.data));
  }, [setting.data, form]);

  const submit = async (values: ChainForm) => {
    setRefusal(null);
    const steps = (list: StepForm[] | undefined) => (list ?? []).map((step) => ({ ...step, emails: step.channels.includes('email') ? (step.emails ?? []) : [] }));
    const roster = Object.entries(values.roster ?? {}).map(([shift, caregiverIds]) => ({ shift: Number(shift), caregiverIds: caregiverIds ?? [] }));
    try {
      await save.mutateAsync({ red: steps(values.red), orange: steps(values.orange), roster, relativesPush: values.relativesPush === true, summaryRecipients: (values.summaryEmails ?? []).map((address) => ({ email: address.trim(), language: values.summaryLanguages?.[address] ?? language })), summaryTime: values.summaryTime?.trim() ?? '' });
      feedback.message.success(t('escalation.saved'));
    } catch (error) {
      setRefusal(errorText(error));
    }
  };

  if (setting.isLoading) return <Skeleton active />;
  if (setting.isError || !setting.data) return <Alert type="error" showIcon message={errorText(setting.error)} />;
  const data = setting.data;

  return (
    <Flex vertical gap={16}>
      {feedback.holder}
      <Form<ChainForm> form={form} layout="vertical" initialValues={formOf(data)} onFinish={(values) => void submit(values)}>
        <Flex vertical gap={16}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('escalation.intro')}
          </Typography.Paragraph>
          {!data.emailAvailable ? <Alert type="info" showIcon message={t('escalation.emailUnavailable')} /> : null}
          <ChainCard level="red" form={form} setting={data} />
          <ChainCard level="orange" form={form} setting={data} />
          <Card title={<h2 className="escalation-heading">{t('escalation.roster')}</h2>}>
            <Typography.Paragraph type="secondary">{t('escalation.rosterIntro', { zone: data.timeZone })}</Typography.Paragraph>
            {data.shifts.map((shift) => (
              <Form.Item key={shift.index} name={['roster', String(shift.index)]} label={t('escalation.rosterShift', { label: shift.label })}>
                <Select
                  mode="multiple"
                  allowClear
                  optionFilterProp="label"
                  placeholder={t('escalation.rosterNobody')}
                  options={data.caregivers.map((caregiver) => ({ value: caregiver.id, label: caregiver.senior ? `${caregiver.name} (${t('escalation.senior')})` : caregiver.name }))}
                />
              </Form.Item>
            ))}
          </Card>
          <Card title={<h2 className="escalation-heading">{t('escalation.relatives')}</h2>}>
            <Typography.Paragraph type="secondary" id="escalation-relatives-why">
              {t('escalation.relativesIntro')}
            </Typography.Paragraph>
            <Form.Item name="relativesPush" valuePropName="checked" label={t('escalation.relativesPush')} style={{ marginBottom: 0 }}>
              <Switch aria-describedby="escalation-relatives-why" />
            </Form.Item>
          </Card>
          <Card title={<h2 className="escalation-heading">{t('escalation.summary')}</h2>}>
            <Typography.Paragraph type="secondary">{t('escalation.summaryIntro', { zone: data.timeZone })}</Typography.Paragraph>
            {data.summaryLastSentAt !== null ? (
              <Typography.Paragraph type="secondary">{t('escalation.summaryLastSent', { at: new Date(data.summaryLastSentAt).toLocaleString() })}</Typography.Paragraph>
            ) : null}
            <Form.Item
              name="summaryEmails"
              label={t('escalation.summaryEmails')}
              extra={t('escalation.emailsHint', { max: ESCALATION_EMAILS_MAX })}
              rules={[
                {
                  validator: async (_rule, value: string[] | undefined) => {
                    if (!value || value.length === 0) return;
                    if (value.length > ESCALATION_EMAILS_MAX) throw new Error(t('escalation.emailsTooMany', { max: ESCALATION_EMAILS_MAX }));
                    if (value.some((address) => !EMAIL.test(address.trim()))) throw new Error(t('escalation.emailInvalid'));
                  },
                },
              ]}
            >
              <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ']} disabled={!data.emailAvailable} placeholder={t('escalation.summaryNobody')} />
            </Form.Item>
            {/* Each recipient's email is written in their language; a new address starts in this console's. */}
            {(summaryEmails ?? []).map((address) => (
              <Form.Item key={address} name={['summaryLanguages', address]} label={t('escalation.summaryLanguageOf', { email: address })} initialValue={language}>
                <Select<Language> options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))} disabled={!data.emailAvailable} style={{ maxWidth: 240 }} />
              </Form.Item>
            ))}
            <Form.Item
              name="summaryTime"
              label={t('escalation.summaryTime', { zone: data.timeZone })}
              rules={[{ validator: async (_rule, value: string | undefined) => { if (!CLOCK.test((value ?? '').trim())) throw new Error(t('escalation.summaryTimeInvalid')); } }]}
            >
              <Input inputMode="numeric" placeholder="08:00" maxLength={5} style={{ width: 120 }} />
            </Form.Item>
          </Card>
          {refusal ? <Alert type="error" showIcon role="alert" message={refusal} /> : null}
          <div>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('escalation.save')}
            </Button>
          </div>
        </Flex>
      </Form>
    </Flex>
  );
}

/** One level's chain: its steps in order, each with its wait, people and channels. */
function ChainCard({ level, form, setting }: { level: Level; form: FormInstance<ChainForm>; setting: EscalationSetting }) {
  const { t } = useTranslation(ESCALATION_NS);
  const feedback = useFeedback();
  const levelName = t(level === 'red' ? 'escalation.red' : 'escalation.orange');
  return (
    <Card title={<h2 className="escalation-heading">{t(level === 'red' ? 'escalation.redChain' : 'escalation.orangeChain')}</h2>}>
      {feedback.holder}
      <Form.List name={level}>
        {(fields, { add, remove }) => (
          <Flex vertical gap={12}>
            {fields.length === 0 ? <Typography.Text type="secondary">{t('escalation.noSteps')}</Typography.Text> : null}
            {fields.map((field, index) => (
              <fieldset key={field.key} className="escalation-step">
                <legend>{t('escalation.step', { n: index + 1 })}</legend>
                <div className="escalation-step-fields">
                  <Form.Item
                    name={[field.name, 'afterMinutes']}
                    label={t('escalation.afterMinutes')}
                    rules={[{ required: true, type: 'integer', min: ESCALATION_AFTER_MINUTES_MIN, max: ESCALATION_AFTER_MINUTES_MAX, message: t('escalation.afterMinutesRange', { min: ESCALATION_AFTER_MINUTES_MIN, max: ESCALATION_AFTER_MINUTES_MAX }) }]}
                  >
                    <InputNumber min={ESCALATION_AFTER_MINUTES_MIN} max={ESCALATION_AFTER_MINUTES_MAX} addonAfter={t('escalation.minutes')} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'audience']} label={t('escalation.audience')} rules={[{ validator: async (_rule, value: unknown) => { if (!value) throw new Error(t('escalation.audienceRequired')); } }]}>
                    <Select options={ESCALATION_AUDIENCES.map((audience) => ({ value: audience, label: t(`escalation.audience.${audience}`) }))} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'channels']}
                    label={t('escalation.channels')}
                    rules={[{ validator: async (_rule, value: unknown[] | undefined) => { if (!value || value.length === 0) throw new Error(t('escalation.channelsRequired')); } }]}
                  >
                    <Checkbox.Group options={ESCALATION_CHANNELS.map((channel) => ({ value: channel, label: t(`escalation.channel.${channel}`), disabled: channel === 'email' && !setting.emailAvailable }))} />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate={(before, after) => before[level]?.[field.name]?.channels !== after[level]?.[field.name]?.channels}>
                    {() =>
                      (form.getFieldValue([level, field.name, 'channels']) as EscalationChannel[] | undefined)?.includes('email') ? (
                        <Form.Item
                          name={[field.name, 'emails']}
                          label={t('escalation.emails')}
                          extra={t('escalation.emailsHint', { max: ESCALATION_EMAILS_MAX })}
                          rules={[
                            {
                              validator: async (_rule, value: string[] | undefined) => {
                                if (!value || value.length === 0) throw new Error(t('escalation.emailsRequired'));
                                if (value.length > ESCALATION_EMAILS_MAX) throw new Error(t('escalation.emailsTooMany', { max: ESCALATION_EMAILS_MAX }));
                                if (value.some((address) => !EMAIL.test(address.trim()))) throw new Error(t('escalation.emailInvalid'));
                              },
                            },
                          ]}
                        >
                          <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ']} />
                        </Form.Item>
                      ) : null
                    }
                  </Form.Item>
                </div>
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() =>
                    feedback.modal.confirm({
                      title: t('escalation.removeTitle'),
                      content: t('escalation.removeContent', { n: index + 1, level: levelName }),
                      okText: t('escalation.remove'),
                      okButtonProps: { danger: true },
                      cancelText: t('escalation.cancel'),
                      onOk: () => remove(field.name),
                    })
                  }
                >
                  {t('escalation.removeStep', { n: index + 1 })}
                </Button>
              </fieldset>
            ))}
            <div>
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= ESCALATION_STEPS_MAX}
                onClick={() => {
                  const steps = (form.getFieldValue(level) as StepForm[] | undefined) ?? [];
                  add({ ...NEW_STEP, afterMinutes: steps.length === 0 ? 0 : Math.min(ESCALATION_AFTER_MINUTES_MAX, steps[steps.length - 1].afterMinutes + 2) });
                }}
              >
                {t('escalation.addStep', { level: levelName })}
              </Button>
            </div>
          </Flex>
        )}
      </Form.List>
    </Card>
  );
}
