import { SoundOutlined } from '@ant-design/icons';
import {
  ALARM_GROUPS,
  DEFAULT_ALERT_LEVEL_SETTING,
  ESCALATION_MINUTES_MAX,
  ESCALATION_MINUTES_MIN,
  type AlarmGroupLevels,
  type VoiceSetting,
} from '@vigil/contracts';
import { Alert, Button, Card, Flex, Form, InputNumber, Radio, Select, Skeleton, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../shared/errorText.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { GROUP_LABELS, VOICE_WAY_LABELS } from './alarmLabels.ts';
import { useAlertLevels, useSaveAlertLevels } from './alarmsApi.ts';
import './alarms.css';
import { ALARMS_NS } from './i18n.ts';
import { browserVoice } from './voice/browserVoice.ts';
import { VOICE_WAYS } from './voice/voiceSchedule.ts';

interface LevelForm {
  levels: AlarmGroupLevels;
  alertTypeL1: VoiceSetting;
  alertTypeL2: VoiceSetting;
  escalationMinutes: number;
}

/**
 * Alarm level setting, /alarm-log/remindsetting: the level of each alarm group, the voice
 * mode and popup of each level, the escalation time, and the sound test (issue 10).
 */
export function AlarmLevelPage() {
  const { t } = useTranslation(ALARMS_NS);
  const feedback = useFeedback();
  const levels = useAlertLevels();
  const save = useSaveAlertLevels();
  const [form] = Form.useForm<LevelForm>();

  useEffect(() => {
    if (levels.data) form.setFieldsValue(levels.data);
  }, [levels.data, form]);

  const submit = async (values: LevelForm) => {
    try {
      await save.mutateAsync(values);
      feedback.message.success(t('alarms.levels.saved'));
    } catch (error) {
      feedback.message.error(errorText(error));
    }
  };

  const voiceFields = (name: 'alertTypeL1' | 'alertTypeL2', title: string) => (
    <fieldset className="level-voice">
      <legend>{title}</legend>
      <Form.Item name={[name, 'globalVoiceWay']} label={t('alarms.levels.voiceWay')}>
        <Select options={VOICE_WAYS.map((way) => ({ value: way, label: t(VOICE_WAY_LABELS[way]) }))} />
      </Form.Item>
      <Form.Item name={[name, 'pc']} label={t('alarms.levels.popup')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </fieldset>
  );

  return (
    <Flex vertical gap={16}>
      {feedback.holder}
      <Card title={t('alarms.levels.title')}>
        {levels.isError ? <Alert type="error" showIcon message={errorText(levels.error)} /> : null}
        {levels.isLoading ? (
          <Skeleton active />
        ) : (
          <Form<LevelForm> form={form} layout="vertical" initialValues={DEFAULT_ALERT_LEVEL_SETTING} onFinish={(values) => void submit(values)}>
            <Typography.Paragraph type="secondary">{t('alarms.levels.intro')}</Typography.Paragraph>
            <div className="level-grid">
              {ALARM_GROUPS.map((group) => (
                <Form.Item key={group} name={['levels', group]} label={t(GROUP_LABELS[group])}>
                  <Radio.Group optionType="button" buttonStyle="solid">
                    <Radio value={1}>{t('alarms.level.red')}</Radio>
                    <Radio value={2}>{t('alarms.level.orange')}</Radio>
                  </Radio.Group>
                </Form.Item>
              ))}
            </div>
            <div className="level-voices">
              {voiceFields('alertTypeL1', t('alarms.levels.red'))}
              {voiceFields('alertTypeL2', t('alarms.levels.orange'))}
            </div>
            <Form.Item
              name="escalationMinutes"
              label={t('alarms.levels.escalation')}
              extra={t('alarms.levels.escalationHint')}
              rules={[{ required: true, type: 'integer', min: ESCALATION_MINUTES_MIN, max: ESCALATION_MINUTES_MAX, message: t('alarms.levels.escalationRange', { min: ESCALATION_MINUTES_MIN, max: ESCALATION_MINUTES_MAX }) }]}
            >
              <InputNumber min={ESCALATION_MINUTES_MIN} max={ESCALATION_MINUTES_MAX} addonAfter={t('alarms.levels.minutes')} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('alarms.levels.save')}
            </Button>
          </Form>
        )}
      </Card>
      <SoundTestCard />
    </Flex>
  );
}

/** The alarm-sound settings: what each level sounds like, with test buttons. */
function SoundTestCard() {
  const { t } = useTranslation(ALARMS_NS);
  const sample = t('alarms.sound.sample');
  return (
    <Card title={t('alarms.sound.title')}>
      <Typography.Paragraph type="secondary">{t('alarms.sound.intro')}</Typography.Paragraph>
      <Flex wrap gap={12}>
        <Button icon={<SoundOutlined />} danger onClick={() => void browserVoice.test('high', sample)}>
          {t('alarms.sound.testRed')}
        </Button>
        <Button icon={<SoundOutlined />} onClick={() => void browserVoice.test('medium', sample)}>
          {t('alarms.sound.testOrange')}
        </Button>
        <Button icon={<SoundOutlined />} onClick={() => void browserVoice.test('tick', null)}>
          {t('alarms.sound.testTick')}
        </Button>
      </Flex>
    </Card>
  );
}
