import { ALARM_POPUP_MS, type AlarmRecord, type ServerFrame } from '@vigil/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveFrames, useLiveStatus } from '../../realtime/live-connection.ts';
import { AlarmPopups } from './AlarmPopups.tsx';
import { ALARMS_KEY, ALERT_FLAG_KEY, fetchPendingAlarms, useAlertLevels } from './alarmsApi.ts';
import { HandleAlarmDialog } from './HandleAlarmDialog.tsx';
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
  useAlarmVoice(levels.data?.escalationMinutes);

  // Every (re)open: read the pending list again (spec 02 §7, issue 10).
  useEffect(() => {
    if (live.state !== 'open') return;
    const since = Date.now();
    fetchPendingAlarms(since).then(
      (rows) => pendingAlarms.replaceAll(rows, since),
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
          pendingAlarms.handled(frame.data);
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
    pendingAlarms.handled({ id });
    if (handledHere) void message.success(t('alarms.handle.done'));
    void queryClient.invalidateQueries({ queryKey: ALARMS_KEY });
  };

  return (
    <>
      <SoundBlockedBanner />
      <AlarmPopups onHandle={(entry) => setHandling(entry.alarm)} />
      <PendingPanel onHandle={setHandling} />
      <HandleAlarmDialog alarm={handling} onClose={() => setHandling(null)} onGone={onGone} />
    </>
  );
}
