import { ALARM_POPUP_MS, type AlarmRecord, type ServerFrame } from '@vigil/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveFrames, useLiveStatus } from '../../realtime/live-connection.ts';
import { AlarmPopups } from './AlarmPopups.tsx';
import { ALARMS_KEY, ALERT_FLAG_KEY, fetchPendingAlarms, useAlertLevels } from './alarmsApi.ts';
import { HandleAlarmDialog } from './HandleAlarmDialog.tsx';
import { ReleaseAlarmDialog } from './ReleaseAlarmDialog.tsx';
import { ALARMS_NS } from './i18n.ts';
import { PendingPanel } from './PendingPanel.tsx';
import { pendingAlarms } from './pendingStore.ts';
import { SoundBlockedBanner } from './SoundControls.tsx';
import { useAlarmVoice } from './useAlarmVoice.ts';
import { browserVoice } from './voice/browserVoice.ts';

/**
 * The console's alarm centre, mounted once by the shell: it keeps the held alarms in step
 * with the live socket, refetches the pending list each time the socket (re)opens so
 * nothing raised while away is missed, voices alarms, shows popups and the pending list,
 * and opens the handling dialog.
 */
export function AlarmCenter() {
  const { t } = useTranslation(ALARMS_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const live = useLiveStatus();
  const levels = useAlertLevels();
  const [handling, setHandling] = useState<AlarmRecord | null>(null);
  const [bulk, setBulk] = useState<AlarmRecord[] | null>(null);
  const [releasing, setReleasing] = useState<AlarmRecord | null>(null);
  useAlarmVoice(levels.data?.escalationMinutes);

  // Every (re)open: read the pending list again (spec 02 §7, issue 10).
  useEffect(() => {
    if (live.state !== 'open') return;
    const since = Date.now();
    fetchPendingAlarms().then(
      (page) => pendingAlarms.replaceAll(page.rows, since, page.total),
      () => {},
    );
    void queryClient.invalidateQueries({ queryKey: ALERT_FLAG_KEY });
  }, [live.state, live.opens, queryClient]);

  // The first click anywhere lets the browser play sound (autoplay policy) without asking.
  useEffect(() => {
    const unlock = () => void browserVoice.unlock();
    document.addEventListener('pointerdown', unlock, { once: true });
    return () => document.removeEventListener('pointerdown', unlock);
  }, []);

  useEffect(() => {
    const timer = setInterval(() => pendingAlarms.sweep(Date.now()), ALARM_POPUP_MS / 2);
    return () => clearInterval(timer);
  }, []);

  const onFrame = useCallback(
    (frame: ServerFrame) => {
      const now = Date.now();
      switch (frame.path) {
        case '/alertNotify':
        case '/safeAlertNotify':
          pendingAlarms.notify(frame.data, now);
          break;
        case '/userStatusNotify':
          pendingAlarms.relieve(frame.data, now);
          break;
        case '/checkAlarm':
          pendingAlarms.handled(frame.data, false);
          break;
        default:
          return;
      }
      void queryClient.invalidateQueries({ queryKey: ALERT_FLAG_KEY });
      void queryClient.invalidateQueries({ queryKey: [...ALARMS_KEY, 'log'] });
    },
    [queryClient],
  );
  useLiveFrames(onFrame);

  const onGone = (id: number, handledHere: boolean) => {
    pendingAlarms.handled({ id }, handledHere);
    if (handledHere) void message.success(t('alarms.handle.done'));
    void queryClient.invalidateQueries({ queryKey: ALARMS_KEY });
  };

  return (
    <>
      <SoundBlockedBanner />
      <AlarmPopups onHandle={(entry) => setHandling(entry.alarm)} onRelease={(entry) => setReleasing(entry.alarm)} />
      <PendingPanel onHandle={setHandling} onHandleMany={setBulk} onRelease={setReleasing} />
      <ReleaseAlarmDialog
        alarm={releasing}
        onClose={() => setReleasing(null)}
        onGone={(id, here) => {
          pendingAlarms.handled({ id }, here);
          if (here) void message.success(t('alarms.releaseWith.done'));
          void queryClient.invalidateQueries({ queryKey: ALARMS_KEY });
        }}
      />
      <HandleAlarmDialog alarm={handling} onClose={() => setHandling(null)} onGone={onGone} />
      <HandleAlarmDialog
        alarm={null}
        alarms={bulk}
        onClose={() => setBulk(null)}
        onGone={(id, here) => {
          pendingAlarms.handled({ id }, here);
          void queryClient.invalidateQueries({ queryKey: ALARMS_KEY });
        }}
        onHandledMany={(count) => void (count > 0 && message.success(t('alarms.handle.manyDone', { count })))}
      />
    </>
  );
}
