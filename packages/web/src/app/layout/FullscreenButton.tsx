import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Toggles full screen; warns when the browser cannot (spec 01 §8). */
export function FullscreenButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [fullscreen, setFullscreen] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = async () => {
    if (!document.fullscreenEnabled) {
      void message.warning(t('shell.topbar.fullscreenUnsupported'));
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      void message.warning(t('shell.topbar.fullscreenUnsupported'));
    }
  };
  const label = fullscreen ? t('shell.topbar.exitFullscreen') : t('shell.topbar.fullscreen');
  return (
    <Button
      type="text"
      icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      aria-label={label}
      aria-pressed={fullscreen}
      title={label}
      onClick={toggle}
    />
  );
}
