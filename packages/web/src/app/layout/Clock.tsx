import { CLOCK_TICK_MS } from '@vigil/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inDisplayZone, useDisplayTimeZone } from '../../features/shared/timeZone.ts';
import { useLanguage } from '../../i18n/index.ts';
import { DATE_FORMAT, timeFormat } from '../../i18n/time-format.ts';

/** Time and date in the platform's zone, ticking every second; 12-hour in English, 24-hour otherwise. */
export function Clock() {
  const { t } = useTranslation();
  const language = useLanguage();
  const zone = useDisplayTimeZone();
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNowMs(Date.now()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const now = inDisplayZone(nowMs);
  return (
    <time className="clock" dateTime={now.toISOString()} aria-label={t('shell.topbar.clock')} title={zone}>
      <span className="clock__time">{now.format(timeFormat(language))}</span>
      <span className="clock__date">
        {now.format(DATE_FORMAT)} {now.format('dddd')}
      </span>
    </time>
  );
}
