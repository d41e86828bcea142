import { PauseCircleOutlined, SoundOutlined } from '@ant-design/icons';
import { Alert, Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ALARMS_NS } from './i18n.ts';
import { browserVoice, useVoiceState } from './voice/browserVoice.ts';

function useCountdown(until: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

function mmss(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Top-bar control: pause the alarm sound for two minutes, with the countdown shown; click again to resume. */
export function SoundPauseButton() {
  const { t } = useTranslation(ALARMS_NS);
  const { pausedUntil } = useVoiceState();
  const left = useCountdown(pausedUntil);
  const paused = pausedUntil > 0 && left > 0;
  const label = paused ? t('alarms.sound.resume', { time: mmss(left) }) : t('alarms.sound.pause');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        aria-pressed={paused}
        icon={paused ? <PauseCircleOutlined /> : <SoundOutlined />}
        onClick={() => (paused ? browserVoice.resume() : browserVoice.pause())}
      >
        {paused ? <span className="sound-countdown" role="timer" aria-live="off">{mmss(left)}</span> : null}
      </Button>
    </Tooltip>
  );
}

/** Said when the browser blocks sound until a click, with the click to allow it. */
/**
 * A place at the top of the page's content (#main-content) for the banner: in the flow, so it
 * pushes the page down instead of covering its actions (issue 25 item 5); null when the page has none.
 */
function useTopOfContent(active: boolean): HTMLElement | null {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const main = document.getElementById('main-content');
    if (!active || !main) return;
    const element = document.createElement('div');
    element.className = 'sound-blocked-host';
    main.prepend(element);
    setHost(element);
    return () => {
      element.remove();
      setHost(null);
    };
  }, [active]);
  return host;
}

export function SoundBlockedBanner() {
  const { t } = useTranslation(ALARMS_NS);
  const { blocked } = useVoiceState();
  const host = useTopOfContent(blocked);
  if (!blocked) return null;
  const banner = (
    <div className={host ? 'sound-blocked sound-blocked--inline' : 'sound-blocked'}>
      <Alert
        type="warning"
        showIcon
        role="alert"
        message={t('alarms.sound.blocked')}
        action={
          <Button size="small" type="primary" onClick={() => void browserVoice.unlock()}>
            {t('alarms.sound.enable')}
          </Button>
        }
      />
    </div>
  );
  return host ? createPortal(banner, host) : banner;
}
