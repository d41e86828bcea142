import { CLOCK_TICK_MS } from '@vigil/contracts';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/index.ts';
import { DATE_FORMAT, timeFormat } from '../../i18n/time-format.ts';

/** Time and date, ticking every second; 12-hour in English, 24-hour otherwise. */
export function Clock() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(dayjs()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <time className="clock" dateTime={now.toISOString()} aria-label={t('shell.topbar.clock')}>
      <span className="clock__time">{now.format(timeFormat(language))}</span>
      <span className="clock__date">
        {now.format(DATE_FORMAT)} {now.format('dddd')}
      </span>
    </time>
  );
}
