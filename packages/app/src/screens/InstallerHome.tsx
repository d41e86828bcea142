import {
  decodeDeviceCipher,
  deviceTypeInfo,
  getAdminBunkList,
  getDevice,
  bunkRoomList,
  insertDevice,
  Status,
  type DeviceTypeInfo,
} from '@vigil/contracts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ApiError, callApi } from '../api.ts';
import { useT, type MessageKey } from '../i18n.ts';
import { startScan, type Scan } from '../scanner.ts';
import { NetworkSetup } from './NetworkSetup.tsx';

interface Scanned {
  cipherId: string;
  deviceId: string;
  info: DeviceTypeInfo | undefined;
  deviceType: number | null;
}
type Step =
  | { name: 'scan' }
  | { name: 'bind'; device: Scanned }
  | { name: 'installed'; device: Scanned; id: number }
  | { name: 'fallWizard' | 'gateway'; device: Scanned };

/** The wizards load when first opened (the app's first load stays small). */
const FallWizard = lazy(() => import('./FallWizard.tsx').then((module) => ({ default: module.FallWizard })));
const GatewayPairing = lazy(() => import('./GatewayPairing.tsx').then((module) => ({ default: module.GatewayPairing })));

/** The setup wizard of a device kind, if it has one. */
function wizardOf(device: Scanned): 'fallWizard' | 'gateway' | null {
  if (device.info?.kind === 'fallRadar') return 'fallWizard';
  if (device.info?.kind === 'gatewayHost') return 'gateway';
  return null;
}

function errorText(caught: unknown, fallback: string): string {
  return caught instanceof ApiError && caught.message ? caught.message : fallback;
}

/** The install guide of a device kind, with the spec 02 §9 numbers. */
function guideKeys(info: DeviceTypeInfo | undefined): MessageKey[] {
  switch (info?.kind) {
    case 'sleepMonitor':
      return ['guide.sleep.1', 'guide.sleep.2', 'guide.sleep.3'];
    case 'fallRadar':
      return ['guide.radar.1', 'guide.radar.2', 'guide.radar.3'];
    case 'doorMagnet':
      return ['guide.door.1', 'guide.door.2'];
    case 'humanMotion':
      return ['guide.motion.1', 'guide.motion.2'];
    case 'gatewayHost':
      return ['guide.gateway.1', 'guide.gateway.2', 'guide.gateway.3'];
    default:
      return ['guide.other.1'];
  }
}

/** Installer: scan, identify, bind, guide, see it online (spec 02 §2; docs/app.md). */
export function InstallerHome() {
  const t = useT();
  const [step, setStep] = useState<Step>({ name: 'scan' });
  const openWizard = (device: Scanned) => {
    const wizard = wizardOf(device);
    if (wizard) setStep({ name: wizard, device });
  };
  if (step.name === 'scan') return <ScanStep onScanned={(device) => setStep({ name: 'bind', device })} />;
  if (step.name === 'bind') return <BindStep device={step.device} onBack={() => setStep({ name: 'scan' })} onBound={(id) => setStep({ name: 'installed', device: step.device, id })} onWizard={() => openWizard(step.device)} />;
  if (step.name === 'installed') return <InstalledStep device={step.device} id={step.id} onDone={() => setStep({ name: 'scan' })} onWizard={() => openWizard(step.device)} />;
  const loading = (
    <main className="screen">
      <p role="status">{t('common.loading')}</p>
    </main>
  );
  return (
    <Suspense fallback={loading}>
      {step.name === 'fallWizard' ? <FallWizard deviceId={step.device.deviceId} onDone={() => setStep({ name: 'scan' })} /> : <GatewayPairing hostId={step.device.deviceId} onDone={() => setStep({ name: 'scan' })} />}
    </Suspense>
  );
}

function ScanStep({ onScanned }: { onScanned: (device: Scanned) => void }) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [cameraError, setCameraError] = useState('');
  const [manual, setManual] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const lookUp = async (cipherId: string) => {
    setBusy(true);
    setError('');
    try {
      const result = await callApi(decodeDeviceCipher, { cipherId });
      if (result.deviceType === null) {
        setError(t('install.notRegistered'));
        setAttempt((value) => value + 1);
        return;
      }
      onScanned({ cipherId, deviceId: result.deviceId, deviceType: result.deviceType, info: deviceTypeInfo(result.deviceType) });
    } catch (caught) {
      setError(errorText(caught, t('login.network')));
      setAttempt((value) => value + 1);
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    let scan: Scan | null = null;
    let cancelled = false;
    if (!video.current || !navigator.mediaDevices?.getUserMedia) {
      setCameraError(t('install.cameraDenied', { reason: 'no camera API' }));
      return;
    }
    startScan(video.current, (text) => void lookUp(text))
      .then((started) => {
        if (cancelled) started.stop();
        else scan = started;
      })
      .catch((caught: unknown) => setCameraError(t('install.cameraDenied', { reason: caught instanceof Error ? caught.name : String(caught) })));
    return () => {
      cancelled = true;
      scan?.stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  return (
    <main className="screen">
      <h1>{t('install.title')}</h1>
      <h2>{t('install.scan')}</h2>
      <p className="muted">{t('install.scanHint')}</p>
      <div className="viewfinder">
        <video ref={video} aria-label={t('install.scan')} muted playsInline />
        {!cameraError && <span className="viewfinder-hint">{busy ? t('common.loading') : t('install.scanning')}</span>}
      </div>
      {cameraError && <p className="banner banner-warn">{cameraError}</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (manual.trim()) void lookUp(manual.trim());
        }}
      >
        <label className="field">
          <span>{t('install.manual')}</span>
          <input value={manual} autoCapitalize="none" autoComplete="off" onChange={(event) => setManual(event.target.value)} />
        </label>
        <button type="submit" className="button button-quiet" disabled={busy}>
          {t('install.lookup')}
        </button>
      </form>
    </main>
  );
}

function DeviceSummary({ device }: { device: Scanned }) {
  const t = useT();
  return (
    <div className="card">
      <p className="card-title">{device.info ? t(`kind.${device.info.kind}` as MessageKey) : t('install.device')}</p>
      <p>{device.info?.model ?? device.deviceType}</p>
      <p className="muted">{t('install.deviceId', { id: device.deviceId })}</p>
    </div>
  );
}

function WizardButton({ device, onWizard, quiet }: { device: Scanned; onWizard: () => void; quiet?: boolean }) {
  const t = useT();
  const wizard = wizardOf(device);
  if (!wizard) return null;
  return (
    <button type="button" className={quiet ? 'button button-quiet button-block' : 'button button-primary button-block'} onClick={onWizard}>
      {quiet ? t(wizard === 'fallWizard' ? 'fall.already' : 'gw.already') : t(wizard === 'fallWizard' ? 'fall.open' : 'gw.open')}
    </button>
  );
}

function BindStep({ device, onBack, onBound, onWizard }: { device: Scanned; onBack: () => void; onBound: (id: number) => void; onWizard: () => void }) {
  const t = useT();
  const target = device.info?.bindsTo.includes('bed') ? 'bed' : device.info?.bindsTo.includes('room') ? 'room' : null;
  const [options, setOptions] = useState<Array<{ id: number; label: string }> | null>(null);
  const [chosen, setChosen] = useState('');
  const [location, setLocation] = useState('');
  const [error, setError] = useState('');
  const [conflict, setConflict] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (target === 'bed') void callApi(getAdminBunkList, {}).then((beds) => setOptions(beds.map((bed) => ({ id: bed.id, label: bed.label }))), (caught: unknown) => setError(errorText(caught, t('login.network'))));
    else if (target === 'room') void callApi(bunkRoomList, {}).then((rooms) => setOptions(rooms.map((room) => ({ id: room.id, label: [room.buildingName, room.floorName, room.name].filter(Boolean).join(' / ') }))), (caught: unknown) => setError(errorText(caught, t('login.network'))));
    else setOptions([]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target]);

  const bind = async (confirm: boolean) => {
    if (target && !chosen) {
      setError(target === 'bed' ? t('install.chooseBed') : t('install.chooseRoom'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const result = await callApi(insertDevice, {
        cipherId: device.cipherId,
        deviceType: device.deviceType ?? 0,
        location: location.trim() || undefined,
        binding: target ? { target, targetId: Number(chosen) } : null,
        confirm,
      });
      onBound(result.id);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === Status.CONFIRM_REQUIRED) setConflict(caught.message);
      else setError(errorText(caught, t('login.network')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="screen">
      <h1>{t('install.bindTo')}</h1>
      <DeviceSummary device={device} />
      {target && (
        <label className="field">
          <span>{target === 'bed' ? t('install.bed') : t('install.room')}</span>
          <select value={chosen} onChange={(event) => setChosen(event.target.value)} disabled={options === null}>
            <option value="">{options === null ? t('common.loading') : target === 'bed' ? t('install.chooseBed') : t('install.chooseRoom')}</option>
            {(options ?? []).map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="field">
        <span>{t('install.location')}</span>
        <input value={location} maxLength={64} onChange={(event) => setLocation(event.target.value)} />
      </label>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {conflict && (
        <div className="banner banner-warn" role="alert">
          <p>{t('install.confirmConflict', { message: conflict })}</p>
          <button type="button" className="button button-primary button-block" disabled={busy} onClick={() => void bind(true)}>
            {t('install.confirm')}
          </button>
        </div>
      )}
      <WizardButton device={device} onWizard={onWizard} quiet />
      <div className="sheet-actions">
        <button type="button" className="button button-quiet" onClick={onBack}>
          {t('install.scanAgain')}
        </button>
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void bind(false)}>
          {busy ? t('install.binding') : t('install.bind')}
        </button>
      </div>
    </main>
  );
}

function InstalledStep({ device, id, onDone, onWizard }: { device: Scanned; id: number; onDone: () => void; onWizard: () => void }) {
  const t = useT();
  const [online, setOnline] = useState(false);
  const [network, setNetwork] = useState(false);
  useEffect(() => {
    if (online) return;
    let stopped = false;
    const poll = async () => {
      try {
        const detail = await callApi(getDevice, { id });
        if (!stopped && detail.online) setOnline(true);
      } catch {
        // Try again on the next round.
      }
      if (!stopped) timer = window.setTimeout(() => void poll(), 3000);
    };
    let timer = window.setTimeout(() => void poll(), 0);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [id, online]);
  const link = device.info?.links[0];
  return (
    <main className="screen">
      <h1>{t('install.guide')}</h1>
      <p className="banner banner-ok" role="status">
        {t('install.bound')}
      </p>
      <DeviceSummary device={device} />
      <ol className="guide">
        {guideKeys(device.info).map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
      {link === 'direct' && !network && !online && (
        <button type="button" className="button button-quiet button-block" onClick={() => setNetwork(true)}>
          {t('install.network')}
        </button>
      )}
      {link === 'carrier' && <p className="muted">{t('install.sim')}</p>}
      {link === 'gateway' && <p className="muted">{t('install.viaGateway')}</p>}
      {network && <NetworkSetup online={online} />}
      <p className={online ? 'banner banner-ok' : 'banner'} role="status" aria-live="polite" data-testid="device-online">
        {online ? t('install.online') : t('install.waitOnline')}
      </p>
      <WizardButton device={device} onWizard={onWizard} />
      <button type="button" className={wizardOf(device) ? 'button button-quiet button-block' : 'button button-primary button-block'} onClick={onDone}>
        {t('install.another')}
      </button>
    </main>
  );
}
