import { Alert, Button, Card, Descriptions, Form, InputNumber, Skeleton } from 'antd';
import { STATISTICS_MULT_MAX, STATISTICS_MULT_MIN } from '@vigil/contracts';
import { contractRule, usePreloadContractSchemas } from '../shared/contractRule.ts';
import { useTranslation } from 'react-i18next';
import { errorText } from '../shared/errorText.ts';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { toLanguage } from '../../i18n/index.ts';
import { STATISTICS_NS } from './i18n.ts';
import { useRule, useSaveRule } from './statisticsApi.ts';
import './statistics.css';

/** Settings > Statistics coefficient: shown counts = real × coefficient, from the next 00:00 in the care home's time zone. */
export function StatisticsMultPage() {
  const { t, i18n } = useTranslation(STATISTICS_NS);
  const feedback = useFeedback();
  const rule = useRule(null);
  const save = useSaveRule();
  usePreloadContractSchemas();
  const language = toLanguage(i18n.language);

  if (rule.isPending) return <Card><Skeleton active /></Card>;
  if (rule.isError) return <Card><Alert type="error" showIcon message={t('statistics.loadFailed')} description={errorText(rule.error)} /></Card>;
  const data = rule.data;
  const initial = data.pending?.factor ?? data.current.factor;

  const onSave = ({ mult }: { mult: number }) => {
    save.mutate({ providerId: null, mult }, {
      onSuccess: (saved) => void feedback.message.success(t('statistics.mult.saved', { factor: saved.pending?.factor ?? mult, from: saved.pending?.from ?? '' })),
      onError: (error) => void feedback.message.error(errorText(error)),
    });
  };

  return (
    <Card title={t('statistics.mult.title')}>
      {feedback.holder}
      <div className="stats-mult-rule">
        <Alert type="info" showIcon message={t('statistics.mult.ruleTitle')} description={t('statistics.mult.rule', { zone: data.timeZone })} style={{ marginBottom: 16 }} />
        <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('statistics.mult.current')}>
            ×{data.current.factor} {data.current.since ? t('statistics.mult.since', { since: data.current.since }) : t('statistics.mult.never')}
          </Descriptions.Item>
          <Descriptions.Item label={t('statistics.mult.pending')}>
            {data.pending
              ? t('statistics.mult.pendingValue', { factor: data.pending.factor, from: data.pending.from, zone: data.timeZone, local: formatDateTime(data.pending.fromInstant, i18n.language) })
              : t('statistics.mult.nonePending')}
          </Descriptions.Item>
        </Descriptions>
        <Form layout="vertical" onFinish={onSave} initialValues={{ mult: initial }}>
          <Form.Item
            name="mult"
            label={t('statistics.mult.field')}
            extra={t('statistics.mult.hint', { min: STATISTICS_MULT_MIN, max: STATISTICS_MULT_MAX })}
            rules={[{ required: true, message: t('statistics.mult.hint', { min: STATISTICS_MULT_MIN, max: STATISTICS_MULT_MAX }) }, contractRule((schemas) => schemas.statisticsMultSchema, language, { field: t('statistics.mult.field') })]}
          >
            <InputNumber step={0.1} style={{ width: 200 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>{t('statistics.mult.save')}</Button>
        </Form>
      </div>
    </Card>
  );
}
