import { CheckSquareOutlined, DownOutlined, LeftOutlined, RightOutlined, SwapOutlined, UpOutlined } from '@ant-design/icons';
import { isReminder, MOBILE_SOUND_BREAKPOINT_PX, type AlarmRecord } from '@vigil/contracts';
import { Badge, Button, Tag } from 'antd';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { fetchPendingAlarms } from './alarmsApi.ts';
import { shortText } from './alarmText.ts';
import { ALARMS_NS } from './i18n.ts';
import { pendingAlarms, pendingOnly, useHeldAlarms } from './pendingStore.ts';
import { useWideScreen } from './useWideScreen.ts';

export type DockSide = 'right' | 'left';

/** What the operator chose for the panel, kept in localStorage (issue 25 item 5). */
export interface PanelPlacement {
  /** Expanded on screens 768 px and wider. */
  open: boolean;
  /** Expanded on phones (starts folded there). */
  openMobile: boolean;
  side: DockSide;
}

const STORAGE_KEY = 'vigil.pendingPanel';
/** Rows rendered at first and added by "Load more" before the next page is fetched. */
const ROWS_STEP = 100;
/** Below this width the panel starts folded (until the operator opens it): open, it would squeeze the top bar. */
const OPEN_BY_DEFAULT_MIN_PX = 1280;
const defaultPlacement = (): PanelPlacement => ({ open: (globalThis.innerWidth ?? OPEN_BY_DEFAULT_MIN_PX) >= OPEN_BY_DEFAULT_MIN_PX, openMobile: false, side: 'right' });

export function readPlacement(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): PanelPlacement {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
    const defaults = defaultPlacement();
    if (typeof parsed !== 'object' || parsed === null) return defaults;
    const value = parsed as Partial<Record<keyof PanelPlacement, unknown>>;
    return {
      open: typeof value.open === 'boolean' ? value.open : defaults.open,
      openMobile: typeof value.openMobile === 'boolean' ? value.openMobile : defaults.openMobile,
      side: value.side === 'left' ? 'left' : 'right',
    };
  } catch {
    return defaultPlacement();
  }
}

function savePlacement(placement: PanelPlacement): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(placement));
  } catch {
    // Private mode or full storage: the choice lasts for this page only.
  }
}

/** Classes on <html> that make the page leave room for the docked panel (alarms.css), so it never covers page actions. */
const DOCK_CLASSES = ['pending-dock--right', 'pending-dock--left', 'pending-dock--open', 'pending-dock--bottom'];

function useDockSpace(visible: boolean, wide: boolean, open: boolean, side: DockSide): void {
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.remove(...DOCK_CLASSES);
    if (visible) {
      root.classList.add(wide ? `pending-dock--${side}` : 'pending-dock--bottom');
      if (open) root.classList.add('pending-dock--open');
    }
    return () => root.classList.remove(...DOCK_CLASSES);
  }, [visible, wide, open, side]);

  // Docked left, the panel starts where the menu ends.
  useLayoutEffect(() => {
    const sider = document.querySelector('.app-layout__sider');
    if (!visible || !wide || side !== 'left' || !sider) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty('--pending-sider-width', `${Math.round(sider.getBoundingClientRect().width)}px`);
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(sider);
    return () => observer?.disconnect();
  }, [visible, wide, side]);
}

function who(alarm: AlarmRecord): string {
  return [alarm.userName, [alarm.room, alarm.bunk].filter(Boolean).join(' ')].filter(Boolean).join(' · ') || alarm.address;
}

/**
 * The pending-alarm list: stays until every alarm is handled or relieved, docked at the side
 * (or the bottom on phones) where the page makes room for it, folded or not, left or right as
 * the operator chose (kept across reloads). Every open alarm counts, whatever its age; past the
 * first 1,000 it says how many there are and loads more. Alarms can be selected and handled
 * together (one choice and remark).
 */
export function PendingPanel({ onHandle, onHandleMany, onRelease }: { onHandle: (alarm: AlarmRecord) => void; onHandleMany: (alarms: AlarmRecord[]) => void; onRelease?: (alarm: AlarmRecord) => void }) {
  const { t, i18n } = useTranslation(ALARMS_NS);
  const pending = pendingOnly(useHeldAlarms());
  const wide = useWideScreen();
  const [placement, setPlacement] = useState<PanelPlacement>(() => readPlacement());
  const [loading, setLoading] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // Rows on screen: a thousand rows made every new alarm cost seconds of the console's main thread.
  const [rowLimit, setRowLimit] = useState(ROWS_STEP);
  const unloaded = pendingAlarms.unloaded;
  const total = pending.length + unloaded;
  const open = wide ? placement.open : placement.openMobile;
  useDockSpace(total > 0, wide, open, placement.side);

  // Alarms handled or relieved leave the selection.
  const pendingIds = useMemo(() => new Set(pending.map((entry) => entry.alarm.id)), [pending]);
  useEffect(() => {
    if ([...selected].some((id) => !pendingIds.has(id))) setSelected(new Set([...selected].filter((id) => pendingIds.has(id))));
  }, [pendingIds, selected]);

  // Stable, so an unchanged row does not render again when another alarm arrives (a storm re-renders only what changed).
  const select = useCallback((id: number, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  if (!total) return null;
  const reds = pending.filter((entry) => entry.alarm.alertLevel === 1 && !isReminder(entry.alarm.alertType)).length;

  const change = (patch: Partial<PanelPlacement>) => {
    const next = { ...placement, ...patch };
    setPlacement(next);
    savePlacement(next);
  };
  const toggle = () => change(wide ? { open: !open } : { openMobile: !open });

  const loadMore = async () => {
    if (rowLimit < pending.length) {
      setRowLimit(rowLimit + ROWS_STEP);
      return;
    }
    const cursor = pendingAlarms.cursor;
    if (!cursor) return;
    setLoading(true);
    setLoadFailed(false);
    try {
      const page = await fetchPendingAlarms(cursor);
      pendingAlarms.appendOlder(page.rows, page.total);
      setRowLimit(pending.length + ROWS_STEP);
    } catch {
      setLoadFailed(true);
    } finally {
      setLoading(false);
    }
  };

  const allSelected = pending.length > 0 && pending.every((entry) => selected.has(entry.alarm.id));
  const chosen = pending.filter((entry) => selected.has(entry.alarm.id)).map((entry) => entry.alarm);

  const collapseIcon = wide ? (placement.side === 'right' ? (open ? <RightOutlined /> : <LeftOutlined />) : open ? <LeftOutlined /> : <RightOutlined />) : open ? <DownOutlined /> : <UpOutlined />;
  const className = ['pending-panel', wide ? `pending-panel--${placement.side}` : 'pending-panel--bottom', open ? 'pending-panel--open' : 'pending-panel--folded'].join(' ');

  return (
    <section className={className} aria-labelledby="pending-panel-title">
      <div className="pending-panel__head">
        <Button
          type="text"
          size="small"
          className="pending-panel__toggle"
          aria-expanded={open}
          aria-controls="pending-panel-body"
          aria-label={open ? t('alarms.pending.collapse') : t('alarms.pending.expand')}
          icon={collapseIcon}
          onClick={toggle}
        />
        <h2 id="pending-panel-title" className="pending-panel__title">
          <Badge count={total} color={reds ? '#cf1322' : '#ad4e00'} overflowCount={9999} /> <span className="pending-panel__title-text">{t('alarms.pending.title')}</span>
        </h2>
        {open && wide ? (
          <Button
            type="text"
            size="small"
            aria-label={placement.side === 'right' ? t('alarms.pending.dockLeft') : t('alarms.pending.dockRight')}
            title={placement.side === 'right' ? t('alarms.pending.dockLeft') : t('alarms.pending.dockRight')}
            icon={<SwapOutlined />}
            onClick={() => change({ side: placement.side === 'right' ? 'left' : 'right' })}
          />
        ) : null}
      </div>
      {open ? (
        <div id="pending-panel-body" className="pending-panel__body">
          <div className="pending-panel__bulk">
            <label className="pending-panel__select-all">
              <input type="checkbox" checked={allSelected} onChange={(event) => setSelected(event.target.checked ? new Set(pendingIds) : new Set())} />
              {t('alarms.pending.selectAll')}
            </label>
            <Button size="small" type="primary" icon={<CheckSquareOutlined />} disabled={chosen.length === 0} onClick={() => onHandleMany(chosen)}>
              {t('alarms.pending.handleSelected', { count: chosen.length })}
            </Button>
          </div>
          <ul className="pending-panel__list" aria-label={t('alarms.pending.title')}>
            {pending.slice(0, rowLimit).map(({ alarm }) => (
              <PendingItem key={alarm.id} alarm={alarm} checked={selected.has(alarm.id)} onSelect={select} onHandle={onHandle} onRelease={onRelease} />
            ))}
            {unloaded > 0 || pending.length > rowLimit ? (
              <li className="pending-panel__more">
                <span role="status">{t('alarms.pending.showing', { shown: Math.min(rowLimit, pending.length), total })}</span>
                <Button size="small" loading={loading} onClick={() => void loadMore()}>
                  {t('alarms.pending.loadMore')}
                </Button>
                {loadFailed ? (
                  <span className="pending-panel__error" role="alert">
                    {t('alarms.pending.loadFailed')}
                  </span>
                ) : null}
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** One pending alarm: select it, or handle it (every pending item can be handled, reminders too: issue 25). */
const PendingItem = memo(function PendingItem({
  alarm,
  checked,
  onSelect,
  onHandle,
  onRelease,
}: {
  alarm: AlarmRecord;
  checked: boolean;
  onSelect: (id: number, on: boolean) => void;
  onHandle: (alarm: AlarmRecord) => void;
  /** Release with a reason (false alarm, maintenance, test: issue 29). */
  onRelease?: (alarm: AlarmRecord) => void;
}) {
  const { t, i18n } = useTranslation(ALARMS_NS);
  const what = shortText(alarm, i18n.language);
  const reminder = isReminder(alarm.alertType);
  return (
    <li className={`pending-item pending-item--level${alarm.alertLevel}${reminder ? ' pending-item--reminder' : ''}`}>
      <input
        type="checkbox"
        className="pending-item__check"
        checked={checked}
        onChange={(event) => onSelect(alarm.id, event.target.checked)}
        aria-label={t('alarms.pending.select', { what, who: who(alarm) })}
      />
      <div className="pending-item__main">
        <Tag color={reminder ? 'blue' : alarm.alertLevel === 1 ? 'red' : 'orange'}>{what}</Tag>
        <span className="pending-item__who">{who(alarm)}</span>
        <time className="pending-item__time" dateTime={new Date(alarm.raisedAt).toISOString()}>
          {formatDateTime(alarm.raisedAt, i18n.language)}
        </time>
      </div>
      <Button size="small" onClick={() => onHandle(alarm)} aria-label={t('alarms.pending.handleOne', { what, who: who(alarm) })}>
        {t('alarms.action.handle')}
      </Button>
      {onRelease ? (
        <Button size="small" type="text" onClick={() => onRelease(alarm)} aria-label={t('alarms.pending.releaseOne', { what, who: who(alarm) })}>
          {t('alarms.action.release')}
        </Button>
      ) : null}
    </li>
  );
});
