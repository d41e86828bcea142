import { logout } from '@vigil/contracts';
import { useEffect, useState } from 'react';
import { callApi } from './api.ts';
import { useT } from './i18n.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import { CaregiverHome } from './screens/CaregiverHome.tsx';
import { FamilyHome } from './screens/FamilyHome.tsx';
import { InstallerHome } from './screens/InstallerHome.tsx';
import { LoginScreen } from './screens/LoginScreen.tsx';
import { PushPrompt } from './screens/PushPrompt.tsx';
import { UpdatePrompt } from './screens/UpdatePrompt.tsx';
import { unsubscribePush } from './push.ts';
import { clearSession, useSession } from './session.ts';

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

export function App() {
  const t = useT();
  const session = useSession();
  const online = useOnline();
  const signOut = async () => {
    try {
      // Before the session ends: the server stops pushing alarms to this phone.
      await unsubscribePush();
    } catch {
      // Signing out goes on; the server drops a gone subscription on its next push.
    }
    try {
      await callApi(logout, {});
    } catch {
      // Signed out here either way.
    }
    clearSession();
  };
  return (
    <div className="app">
      {!online && (
        <div className="banner banner-warn" role="status">
          {t('offline.banner')}
        </div>
      )}
      {session === null ? (
        <LoginScreen />
      ) : (
        <>
          <header className="topbar">
            <div className="topbar-who">
              <span className="topbar-name">{session.nickName || session.userName}</span>
              <span className="topbar-home">{session.providerName ?? ''}</span>
            </div>
            <LanguagePicker />
            <button type="button" className="button button-quiet" onClick={() => void signOut()}>
              {t('common.signOut')}
            </button>
          </header>
          {session.role === 'NURSING' && <PushPrompt />}
          <UpdatePrompt />
          {session.role === 'NURSING' ? <CaregiverHome /> : session.role === 'RELATIVES' ? <FamilyHome /> : <InstallerHome />}
        </>
      )}
    </div>
  );
}
