import { Alert, Button, Card, Descriptions, Form, InputNumber, Skeleton } from 'antd';
import { STATISTICS_MULT_MAX, STATISTICS_MULT_MIN } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../shared/errorText.ts';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { STATISTICS_NS } from './i18n.ts';
import { useRule, useSaveRule } from './statisticsApi.ts';
import './statistics.css';

/** Settings > Statistics coefficient: shown counts = real × coefficient, from the next 00:00 in the care home's time zone. */
export function StatisticsMultPage() {
  const { t, i18n } = useTranslation(STATISTICS_NS);
  const feedback = useFeedback();
  const rule = useRule(null);
  const save = useSaveRule();
  const [value, setValue] = useState<number | null>(null);

  if (rule.isPending) return <Card><Skeleton active /></Card>;
  if (rule.isError) return <Card><Alert type="error" showIcon message={t('statistics.loadFailed')} description={errorText(rule.error)} /></Card>;
  const data = rule.data;
  const mult = value ?? data.pending?.factor ?? data.current.factor;

  const onSave = () => {
    save.mutate({ providerId: data.providerId, mult }, {
      onSuccess: (saved) => feedback.message.success(t('statistics.mult.saved', { factor: saved.pending?.factor ?? mult, from: saved.pending?.from ?? '' })),
      onError: (error) => feedback.message.error(errorText(error)),
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
        <Form layout="vertical" onFinish={onSave}>
          <Form.Item label={t('statistics.mult.field')} htmlFor="statistics-mult" extra={t('statistics.mult.hint', { min: STATISTICS_MULT_MIN, max: STATISTICS_MULT_MAX })}>
            <InputNumber id="statistics-mult" min={STATISTICS_MULT_MIN} max={STATISTICS_MULT_MAX} step={0.1} precision={2} value={mult} onChange={(next) => setValue(next)} style={{ width: 200 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>{t('statistics.mult.save')}</Button>
        </Form>
      </div>
    </Card>
  );
}
