import { HeartOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { alarmLevel, bedDisplayState, STATE_LABELS, type BedDisplayState } from './bedState.ts';
import { MONITOR_NS } from './i18n.ts';
import { useResidentLive } from './liveBoard.ts';
import { householdPath } from './monitorPaths.ts';

const STATE_COLORS: Readonly<Record<BedDisplayState, string>> = {
  awake: 'gold',
  fallingAsleep: 'cyan',
  lightSleep: 'blue',
  deepSleep: 'geekblue',
  inBed: 'green',
  suspectedSitting: 'orange',
  sitting: 'orange',
  outOfBed: 'volcano',
  sensorDropped: 'magenta',
  noData: 'default',
  offline: 'default',
};

function reading(value: number | null | undefined): string {
  return value === null || value === undefined || value <= 0 ? '—' : String(Math.round(value));
}

export interface BedCardProps {
  userId: number;
  focused: boolean;
  onToggleFocus: (userId: number, focused: boolean) => void;
}

/** One bed on the board: sleep state (its vacant or occupied bed: 'Out of bed' or an in-bed state), heart and breathing rate, alarm colour by level, grey when offline. */
export const BedCard = memo(function BedCard({ userId, focused, onToggleFocus }: BedCardProps) {
  const { t } = useTranslation(MONITOR_NS);
  const state = useResidentLive(userId);
  if (!state) return null;
  const display = bedDisplayState(state);
  const level = alarmLevel(state);
  const place = [state.room, state.bunk].filter(Boolean).join(' · ');
  const classes = ['bed-card', display === 'offline' ? 'bed-card--offline' : display === 'noData' ? 'bed-card--nodata' : '', level ? `bed-card--alarm${level}` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <article className={classes} aria-label={t('monitor.card.label', { name: state.userName, place })}>
      <div className="bed-card__head">
        <Link to={householdPath(userId)} className="bed-card__name">
          {state.userName}
        </Link>
        <Button
          type="text"
          size="small"
          aria-pressed={focused}
          aria-label={focused ? t('monitor.focus.remove', { name: state.userName }) : t('monitor.focus.add', { name: state.userName })}
          icon={focused ? <StarFilled className="bed-card__star" /> : <StarOutlined />}
          onClick={() => onToggleFocus(userId, focused)}
        />
      </div>
      <div className="bed-card__place">{place || state.floorArea}</div>
      <div className="bed-card__state">
        {state.away ? <Tag color="purple">{t('monitor.bed.away')}</Tag> : <Tag color={STATE_COLORS[display]}>{t(STATE_LABELS[display])}</Tag>}
      </div>
      <dl className="bed-card__vitals">
        <div>
          <dt>
            <HeartOutlined aria-hidden /> {t('monitor.vital.hr')}
          </dt>
          <dd>{display === 'offline' ? '—' : reading(state.hr)}</dd>
        </div>
        <div>
          <dt>{t('monitor.vital.rr')}</dt>
          <dd>{display === 'offline' ? '—' : reading(state.rr)}</dd>
        </div>
      </dl>
      {level ? (
        <div className={`bed-card__alarm bed-card__alarm--level${level}`} role="status">
          {t('monitor.card.alarms', { count: state.openAlarms.length })}
        </div>
      ) : null}
    </article>
  );
});
