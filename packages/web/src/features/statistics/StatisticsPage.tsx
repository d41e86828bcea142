import { Alert, Button, ConfigProvider, Select, Skeleton, theme as antdTheme } from 'antd';
import { exportStatistics, STATISTICS_TREND_DAYS, STATISTICS_TREND_MONTHS, type OutputOf, type getAlertData } from '@vigil/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/client.ts';
import { alarmKeyText } from '../alarms/alarmText.ts';
import { DEVICES_SHARED_NS } from '../devices-shared/i18n.ts';
import { errorText } from '../shared/errorText.ts';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { durationText } from '../shared/duration.ts';
import { SHARED_NS } from '../shared/i18n.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { toLanguage } from '../../i18n/index.ts';
import { STATISTICS_NS } from './i18n.ts';
import { DARK_AXIS, StatChart } from './StatChart.tsx';
import { useDashboard, useProviderOptions } from './statisticsApi.ts';
import './statistics.css';

type Scale = OutputOf<typeof getAlertData>['scale'];

const LEVEL1 = '#ff6b6b';
const LEVEL2 = '#ffa940';
const ONLINE = '#52c41a';
const OFFLINE = '#8c9aab';
const axis = { axisLabel: { color: DARK_AXIS }, axisLine: { lineStyle: { color: DARK_AXIS } }, splitLine: { lineStyle: { color: '#24405a' } } };
const legend = { textStyle: { color: '#e6edf5' }, top: 0 };

/** One big figure; counts scaled by the coefficient wear the factor. */
function Kpi({ label, value, scale, hint }: { label: string; value: string | number; scale?: Scale; hint?: string }) {
  const { t } = useTranslation(STATISTICS_NS);
  return (
    <div className="stats-kpi">
      <p className="stats-kpi-label">{label}</p>
      <p className="stats-kpi-value">
        {value}
        {scale?.scaled ? <span className="stats-kpi-scaled" title={t('statistics.scaled.badge', { factor: scale.factor })}>×{scale.factor}</span> : null}
      </p>
      {/* What the figure counts, on its face: the screens count residents differently on purpose (issue 25 item 12). */}
      {hint ? <p className="stats-kpi-hint">{hint}</p> : null}
    </div>
  );
}

/** A chart, or a line saying it has nothing to draw. */
function Panel({ title, empty, option, note }: { title: string; empty: boolean; option: Record<string, unknown>; note?: string }) {
  const { t } = useTranslation(STATISTICS_NS);
  return (
    <section className="stats-panel">
      <h2>{title}</h2>
      {empty ? <p className="stats-empty">{t('statistics.chart.empty')}</p> : <StatChart label={title} option={option} />}
      {note ? <p className="stats-panel-note">{note}</p> : null}
    </section>
  );
}

/** /statistics: the big-data dashboard for a wall screen (dark, big figures), from the daily snapshots. */
export function StatisticsPage() {
  const { t, i18n } = useTranslation([STATISTICS_NS, DEVICES_SHARED_NS]);
  const { t: tShared } = useTranslation(SHARED_NS);
  const feedback = useFeedback();
  const providers = useProviderOptions();
  const [chosen, setChosen] = useState<number | null>(null);
  const providerId = chosen ?? providers.data?.[0]?.providerId ?? null;
  const sections = useDashboard(providerId);
  const { bunk, devices, nursing, alerts, sleep, communities } = sections;
  const language = toLanguage(i18n.language);
  const head = alerts.data ?? bunk.data;
  const scale = head?.scale;
  const number = (value: number | null | undefined) => (value === null || value === undefined ? '—' : value.toLocaleString(i18n.language));
  const percent = (value: number | undefined) => (value === undefined ? '—' : `${value.toLocaleString(i18n.language)} %`);
  const time = (ms: number | null | undefined) => (ms === null || ms === undefined ? '—' : durationOf(ms));
  const durationOf = (ms: number) => {
    const { key, values } = durationText(ms / 1000);
    return tShared(key, values);
  };

  const charts = useMemo(() => {
    const a = alerts.data?.shown;
    const d = devices.data?.shown;
    const s = sleep.data?.shown;
    const b = bunk.data?.shown;
    return {
      alarmsPerDay: {
        legend, tooltip: { trigger: 'axis' }, grid: { left: 44, right: 12, top: 36, bottom: 28 },
        xAxis: { type: 'category', data: (a?.dailyByLevel ?? []).map((day) => day.date.slice(5)), ...axis },
        yAxis: { type: 'value', minInterval: 1, ...axis },
        series: [
          { name: t('statistics.chart.level1'), type: 'bar', stack: 'level', color: LEVEL1, data: (a?.dailyByLevel ?? []).map((day) => day.level1) },
          { name: t('statistics.chart.level2'), type: 'bar', stack: 'level', color: LEVEL2, data: (a?.dailyByLevel ?? []).map((day) => day.level2) },
        ],
      },
      alarmTypes: {
        legend, tooltip: { trigger: 'axis' }, grid: { left: 130, right: 12, top: 36, bottom: 24 },
        yAxis: { type: 'category', data: (a?.byType ?? []).slice(0, 8).map((row) => alarmKeyText(language, `short.${row.alertType}`) || row.alertType).reverse(), ...axis },
        xAxis: { type: 'value', minInterval: 1, ...axis },
        series: [
          { name: t('statistics.chart.level1'), type: 'bar', stack: 'level', color: LEVEL1, data: (a?.byType ?? []).slice(0, 8).map((row) => row.level1).reverse() },
          { name: t('statistics.chart.level2'), type: 'bar', stack: 'level', color: LEVEL2, data: (a?.byType ?? []).slice(0, 8).map((row) => row.level2).reverse() },
        ],
      },
      ages: {
        tooltip: { trigger: 'axis' }, grid: { left: 44, right: 12, top: 24, bottom: 28 },
        xAxis: { type: 'category', data: (b?.ageBands ?? []).map((row) => t(`statistics.age.${row.band}`)), ...axis },
        yAxis: { type: 'value', minInterval: 1, ...axis },
        series: [{ name: t('statistics.kpi.residents'), type: 'bar', color: '#69b1ff', data: (b?.ageBands ?? []).map((row) => row.residents) }],
      },
      devices: {
        legend, tooltip: { trigger: 'axis' }, grid: { left: 170, right: 12, top: 36, bottom: 24 },
        yAxis: { type: 'category', data: (d?.byKind ?? []).map((row) => t(`devicesShared.kind.${row.kind}`, { ns: DEVICES_SHARED_NS, defaultValue: row.kind })).reverse(), ...axis },
        xAxis: { type: 'value', minInterval: 1, ...axis },
        series: [
          { name: t('statistics.chart.online'), type: 'bar', stack: 'state', color: ONLINE, data: (d?.byKind ?? []).map((row) => row.online).reverse() },
          { name: t('statistics.chart.offline'), type: 'bar', stack: 'state', color: OFFLINE, data: (d?.byKind ?? []).map((row) => row.offline).reverse() },
        ],
      },
      sleep: {
        legend: { ...legend, type: 'scroll' }, tooltip: { trigger: 'item' },
        series: [{
          type: 'pie', radius: ['40%', '70%'], top: 30, label: { color: '#e6edf5' },
          data: (s?.scoreBands ?? []).map((band, index) => ({ name: band.band, value: band.residents, itemStyle: { color: ['#ff6b6b', '#ffa940', '#fadb14', '#73d13d', '#36cfc9'][index] } })),
        }],
      },
      residents: {
        legend, tooltip: { trigger: 'axis' }, grid: { left: 44, right: 12, top: 36, bottom: 28 },
        xAxis: { type: 'category', data: (b?.residentTrend.monthly ?? []).map((point) => point.month), ...axis },
        yAxis: { type: 'value', ...axis },
        series: [
          { name: t('statistics.kpi.residents'), type: 'line', color: '#69b1ff', data: (b?.residentTrend.monthly ?? []).map((point) => point.value) },
          { name: t('statistics.kpi.checkIns'), type: 'line', color: '#95de64', data: (b?.checkInTrend.monthly ?? []).map((point) => point.value) },
        ],
      },
    };
  }, [alerts.data, devices.data, sleep.data, bunk.data, t, language]);

  const failed = Object.values(sections).find((query) => query.isError);
  const loading = providers.isPending || Object.values(sections).some((query) => query.isPending);

  const onExport = () => {
    downloadFile(exportStatistics, { providerId }).catch((error: unknown) => feedback.message.error(errorText(error)));
  };

  let body;
  if (providers.isError) body = <Alert type="error" showIcon message={errorText(providers.error)} />;
  else if (failed?.error) {
    body = <Alert type="error" showIcon message={t('statistics.loadFailed')} description={errorText(failed.error)} action={<Button onClick={() => Object.values(sections).forEach((query) => void query.refetch())}>{t('statistics.retry')}</Button>} />;
  } else if (loading) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else {
    const r = bunk.data?.shown;
    const dv = devices.data?.shown;
    const n = nursing.data?.shown;
    const al = alerts.data?.shown;
    const sl = sleep.data?.shown;
    body = (
      <>
        {scale?.scaled ? (
          <div className="stats-scaled" role="status">
            <strong>{t('statistics.scaled.title')}</strong> {t('statistics.scaled.body', { factor: scale.factor, since: scale.since ?? '—' })}
          </div>
        ) : null}
        {head?.date === null ? <Alert type="info" showIcon message={t('statistics.none')} style={{ marginBottom: 16 }} /> : null}
        <section aria-label={t('statistics.section.figures')} className="stats-kpis">
          <Kpi label={t('statistics.kpi.residents')} value={number(r?.residents)} scale={scale} hint={t('statistics.hint.residents')} />
          <Kpi label={t('statistics.kpi.occupancy')} value={percent(r?.occupancyPercent)} hint={t('statistics.hint.occupancy')} />
          <Kpi label={t('statistics.kpi.checkIns')} value={number(r?.checkIns)} scale={scale} hint={t('statistics.hint.duringDay')} />
          <Kpi label={t('statistics.kpi.checkOuts')} value={number(r?.checkOuts)} scale={scale} hint={t('statistics.hint.duringDay')} />
          <Kpi label={t('statistics.kpi.away')} value={number(r?.away)} scale={scale} hint={t('statistics.hint.away')} />
          <Kpi label={t('statistics.kpi.devicesOnline')} value={number(dv?.online)} scale={scale} />
          <Kpi label={t('statistics.kpi.devicesOffline')} value={number(dv?.offline)} scale={scale} />
          <Kpi label={t('statistics.kpi.batteryLow')} value={number(dv?.batteryLow)} scale={scale} />
          <Kpi label={t('statistics.kpi.caregivers')} value={number(n?.caregivers)} scale={scale} />
          <Kpi label={t('statistics.kpi.perCaregiver')} value={number(n?.residentsPerCaregiver)} hint={t('statistics.hint.perCaregiver')} />
          <Kpi label={t('statistics.kpi.alarms')} value={number(al?.raised)} scale={scale} />
          <Kpi label={t('statistics.kpi.handled')} value={number(al?.handled)} scale={scale} />
          <Kpi label={t('statistics.kpi.pending')} value={number(al?.pending)} scale={scale} />
          <Kpi label={t('statistics.kpi.median')} value={time(al?.responseMedianMs)} />
          <Kpi label={t('statistics.kpi.p90')} value={time(al?.responseP90Ms)} />
          <Kpi label={t('statistics.kpi.ahiRisk')} value={number(sl?.ahiRisk)} scale={scale} />
          <Kpi label={t('statistics.kpi.afRisk')} value={number(sl?.afRisk)} scale={scale} />
        </section>
        <p className="stats-counts-note">{t('statistics.countsNote')}</p>
        <div className="stats-charts">
          <Panel title={t('statistics.chart.alarms', { days: STATISTICS_TREND_DAYS })} empty={!al?.dailyByLevel.some((day) => day.level1 + day.level2 > 0)} option={charts.alarmsPerDay} />
          <Panel title={t('statistics.chart.alarmTypes')} empty={(al?.byType.length ?? 0) === 0} option={charts.alarmTypes} />
          <Panel title={t('statistics.chart.ages')} empty={!r?.ageBands.some((row) => row.residents > 0)} option={charts.ages} note={t('statistics.hint.ages')} />
          <Panel title={t('statistics.chart.devices')} empty={(dv?.byKind.length ?? 0) === 0} option={charts.devices} />
          <Panel
            title={`${t('statistics.chart.sleep')}${sl?.averageScore !== null && sl?.averageScore !== undefined ? ` · ${t('statistics.kpi.sleepScore')} ${number(sl.averageScore)}` : ''}`}
            empty={(sl?.reports ?? 0) === 0}
            option={charts.sleep}
          />
          <Panel title={t('statistics.chart.residents', { months: STATISTICS_TREND_MONTHS })} empty={(r?.residentTrend.monthly.length ?? 0) === 0} option={charts.residents} note={t('statistics.hint.trend')} />
          <section className="stats-panel">
            <h2 id="stats-communities-title">{t('statistics.communities')}</h2>
            {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it (WCAG 2.1.1). */}
            <div className="stats-table-wrap" tabIndex={0} role="region" aria-labelledby="stats-communities-title">
              <table className="stats-table">
                <thead>
                  <tr>
                    {[t('statistics.col.name'), t('statistics.col.residents'), t('statistics.col.beds'), t('statistics.col.devices'), t('statistics.col.online'), t('statistics.col.alarms')].map((column) => <th key={column} scope="col">{column}</th>)}
                  </tr>
                </thead>
                <tbody>
                  {(communities.data?.shown.communities ?? []).map((row) => (
                    <tr key={row.areaId}>
                      <td>{row.name}</td>
                      <td>{number(row.residents)}</td>
                      <td>{number(row.beds)}</td>
                      <td>{number(row.devices)}</td>
                      <td>{number(row.devicesOnline)}</td>
                      <td>{number(row.alarms)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="stats-panel-note">{t('statistics.hint.communities')}</p>
          </section>
        </div>
      </>
    );
  }

  return (
    <ConfigProvider theme={{ algorithm: antdTheme.darkAlgorithm }}>
      <div className="stats-wall">
        {feedback.holder}
        <div className="stats-head">
          <p className="stats-head-title">{head?.providerName ?? t('statistics.title')}</p>
          {providers.data && providers.data.length > 1 ? (
            <Select
              aria-label={t('statistics.provider')}
              style={{ minWidth: 240 }}
              value={providerId ?? undefined}
              onChange={(value: number) => setChosen(value)}
              options={providers.data.map((option) => ({ value: option.providerId, label: option.providerName }))}
            />
          ) : null}
          {head?.date ? (
            <span className="stats-asof">
              {t('statistics.asOf', { date: head.date, time: head.refreshedAt ? formatDateTime(head.refreshedAt, i18n.language) : '—', zone: head.timeZone })}
            </span>
          ) : null}
          <Button onClick={onExport} disabled={providerId === null}>{t('statistics.export')}</Button>
        </div>
        {body}
      </div>
    </ConfigProvider>
  );
}
