import {
  deviceRecentEvents,
  FALL_INIT_WAIT_S,
  FALL_INSTALL_MODES,
  FALL_MODE_LIMITS,
  FALL_SHIELDED_AREAS_MAX,
  FALL_SIDES,
  FALL_TEST_HOLD_S,
  fallRadarGetSettings,
  fallRadarSaveSettings,
  SHIELDED_AREA_KINDS,
  type FallInstallMode,
  type FallRadar,
  type FallRadarSettings,
  type ShieldedArea,
} from '@vigil/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, callApi } from '../api.ts';
import { fallProblems, parseMetres, sideKey, withInstallMode, type Problem } from '../fall-setup.ts';
import { useT, type MessageKey } from '../i18n.ts';
import { ConfirmSheet } from './ConfirmSheet.tsx';

/**
 * The fall-monitor setup wizard (spec 02 §2; docs/app.md): confirm location → install
 * mode → fit base → mount device (and its detection area) → shielded areas → test.
 * The settings are saved through fallRadar.settings.save, which sends them to the radar
 * (cmd configure) or keeps them until it comes online; the test step watches the radar's
 * recent events for the fall the installer holds at least 15 s.
 */
const STEPS = ['location', 'mode', 'base', 'mount', 'shields', 'test'] as const;
type StepName = (typeof STEPS)[number];

type Translate = ReturnType<typeof useT>;
function problemText(t: Translate, problem: Problem): string {
  const params = { ...problem.params };
  if (typeof params.side === 'string') params.side = t(params.side as MessageKey);
  return t(problem.key, params);
}

function Problems({ problems }: { problems: string[] }) {
  if (!problems.length) return null;
  return (
    <div className="error" role="alert">
      {problems.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  );
}

const metresText = (value: number) => (Number.isFinite(value) ? String(value) : '');

export function FallWizard({ deviceId, onDone }: { deviceId: string; onDone: () => void }) {
  const t = useT();
  const [radar, setRadar] = useState<FallRadar | null>(null);
  const [loadError, setLoadError] = useState('');
  const [step, setStep] = useState<StepName>('location');
  const [location, setLocation] = useState('');
  const [settings, setSettings] = useState<FallRadarSettings | null>(null);
  const [heightText, setHeightText] = useState('');
  const [distanceText, setDistanceText] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [pendingMode, setPendingMode] = useState<FallInstallMode | null>(null);
  const [saved, setSaved] = useState<{ sent: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    callApi(fallRadarGetSettings, { deviceId }).then(
      (found) => {
        setRadar(found);
        setLocation(found.location);
        loadSettings(found.settings);
      },
      (caught: unknown) => setLoadError(caught instanceof ApiError && caught.message ? caught.message : t('login.network')),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deviceId]);

  const loadSettings = (next: FallRadarSettings) => {
    setSettings(next);
    setHeightText(metresText(next.installHeight));
    setDistanceText(Object.fromEntries(FALL_SIDES.map((side) => [side, metresText(next.distances[side])])));
  };

  if (loadError) {
    return (
      <main className="screen">
        <h1>{t('fall.title')}</h1>
        <p className="error" role="alert">
          {loadError}
        </p>
        <button type="button" className="button button-block" onClick={onDone}>
          {t('common.back')}
        </button>
      </main>
    );
  }
  if (!radar || !settings) {
    return (
      <main className="screen">
        <h1>{t('fall.title')}</h1>
        <p role="status">{t('common.loading')}</p>
      </main>
    );
  }

  const index = STEPS.indexOf(step);
  const limits = FALL_MODE_LIMITS[settings.installMode];
  const current = (): FallRadarSettings => ({
    ...settings,
    installHeight: parseMetres(heightText),
    distances: { front: parseMetres(distanceText.front ?? ''), back: parseMetres(distanceText.back ?? ''), left: parseMetres(distanceText.left ?? ''), right: parseMetres(distanceText.right ?? '') },
  });

  const save = async (next: FallRadarSettings): Promise<boolean> => {
    setBusy(true);
    try {
      setSaved(await callApi(fallRadarSaveSettings, { deviceId, location: location.trim(), settings: next }));
      return true;
    } catch (caught) {
      setProblems([caught instanceof ApiError && caught.message ? caught.message : t('login.network')]);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const next = async () => {
    const value = current();
    const found = step === 'mode' ? fallProblems(value, 'height') : step === 'mount' ? fallProblems(value, 'area') : step === 'shields' ? [...fallProblems(value, 'height'), ...fallProblems(value, 'area'), ...fallProblems(value, 'shields')] : [];
    setProblems(found.map((problem) => problemText(t, problem)));
    if (found.length) return;
    setSettings(value);
    if (step === 'shields' && !(await save(value))) return;
    setProblems([]);
    setStep(STEPS[index + 1]);
    window.scrollTo(0, 0);
  };

  const chooseMode = (mode: FallInstallMode) => {
    if (mode === settings.installMode) return;
    if (settings.shieldedAreas.length) setPendingMode(mode);
    else applyMode(mode);
  };
  const applyMode = (mode: FallInstallMode) => {
    loadSettings(withInstallMode(current(), mode));
    setPendingMode(null);
    setProblems([]);
  };

  return (
    <main className="screen">
      <h1>{t('fall.title')}</h1>
      <p className="muted">
        {t('fall.stepOf', { n: index + 1, total: STEPS.length })} · {radar.deviceId}
      </p>
      <h2>{t(`fall.step.${step}` as MessageKey)}</h2>

      {step === 'location' && (
        <>
          <p>{t('fall.location.hint')}</p>
          <label className="field">
            <span>{t('install.location')}</span>
            <input value={location} maxLength={64} onChange={(event) => setLocation(event.target.value)} />
          </label>
          <p className={radar.online ? 'banner banner-ok' : 'banner'} role="status">
            {radar.online ? t('install.online') : t('fall.offlineNote')}
          </p>
        </>
      )}

      {step === 'mode' && (
        <>
          <fieldset className="choices">
            <legend>{t('fall.mode')}</legend>
            {FALL_INSTALL_MODES.map((mode) => (
              <label key={mode} className="choice">
                <input type="radio" name="installMode" checked={settings.installMode === mode} onChange={() => chooseMode(mode)} />
                <span>
                  <strong>{t(`fall.mode.${mode}` as MessageKey)}</strong>
                  <br />
                  <span className="muted">
                    {t(`fall.mode.${mode}.hint` as MessageKey, { min: FALL_MODE_LIMITS[mode].heightMin, max: FALL_MODE_LIMITS[mode].heightMax, recommended: FALL_MODE_LIMITS[mode].heightRecommended })}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <label className="field">
            <span>{t('fall.height', { min: limits.heightMin, max: limits.heightMax })}</span>
            <input inputMode="decimal" value={heightText} onChange={(event) => setHeightText(event.target.value)} />
          </label>
        </>
      )}

      {step === 'base' && (
        <ol className="guide">
          <li>{t(settings.installMode === 'top' ? 'fall.base.top' : 'fall.base.flush', { height: heightText })}</li>
          <li>{t('fall.base.2')}</li>
        </ol>
      )}

      {step === 'mount' && (
        <>
          <ol className="guide">
            <li>{t('fall.mount.1')}</li>
            <li>{t('fall.mount.2', { minutes: FALL_INIT_WAIT_S / 60 })}</li>
          </ol>
          <h3>{t('fall.area')}</h3>
          <p className="muted">{t(settings.installMode === 'top' ? 'fall.area.top' : 'fall.area.flush')}</p>
          <div className="grid-2">
            {FALL_SIDES.map((side) => (
              <label key={side} className="field">
                <span>{t('fall.distance', { side: t(sideKey(side)), max: limits.sideMax[side] })}</span>
                <input inputMode="decimal" value={distanceText[side] ?? ''} onChange={(event) => setDistanceText({ ...distanceText, [side]: event.target.value })} />
              </label>
            ))}
          </div>
          <fieldset className="choices">
            <legend>{t('fall.walls')}</legend>
            {FALL_SIDES.map((side) => (
              <label key={side} className="choice">
                <input type="checkbox" checked={settings.walls[side]} onChange={(event) => setSettings({ ...settings, walls: { ...settings.walls, [side]: event.target.checked } })} />
                {t('fall.wallAt', { side: t(sideKey(side)) })}
              </label>
            ))}
          </fieldset>
          <fieldset className="choices">
            <legend>{t('fall.sensitivity')}</legend>
            {(['high', 'medium', 'low'] as const).map((level) => (
              <label key={level} className="choice">
                <input type="radio" name="sensitivity" checked={settings.sensitivity === level} onChange={() => setSettings({ ...settings, sensitivity: level })} />
                {t(`fall.sensitivity.${level}` as MessageKey)}
              </label>
            ))}
          </fieldset>
          <label className="choice">
            <input type="checkbox" checked={settings.buzzer} onChange={(event) => setSettings({ ...settings, buzzer: event.target.checked })} />
            {t('fall.buzzer')}
          </label>
        </>
      )}

      {step === 'shields' && <ShieldStep settings={settings} onChange={(areas) => setSettings({ ...settings, shieldedAreas: areas })} />}

      {step === 'test' && <TestStep deviceId={deviceId} saved={saved} />}

      <Problems problems={problems} />
      {pendingMode && (
        <ConfirmSheet
          title={t('fall.modeChange.title')}
          message={t('fall.modeChange.text', { count: settings.shieldedAreas.length })}
          confirm={t('fall.modeChange.confirm')}
          onConfirm={() => applyMode(pendingMode)}
          onCancel={() => setPendingMode(null)}
        />
      )}
      <div className="sheet-actions">
        <button
          type="button"
          className="button button-quiet"
          onClick={() => {
            setProblems([]);
            if (index === 0) onDone();
            else setStep(STEPS[index - 1]);
          }}
        >
          {index === 0 ? t('common.cancel') : t('common.back')}
        </button>
        {step === 'test' ? (
          <button type="button" className="button button-primary" onClick={onDone}>
            {t('fall.finish')}
          </button>
        ) : (
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void next()}>
            {step === 'shields' ? t('fall.save') : t('common.next')}
          </button>
        )}
      </div>
    </main>
  );
}

const EMPTY_SHIELD = { kind: 'toilet' as ShieldedArea['kind'], length: '0.7', width: '0.5', height: '0.5', floorDistance: '0', x: '0', y: '1' };
const SHIELD_FIELDS = ['length', 'width', 'height', 'floorDistance', 'x', 'y'] as const;

function ShieldStep({ settings, onChange }: { settings: FallRadarSettings; onChange: (areas: ShieldedArea[]) => void }) {
  const t = useT();
  const [form, setForm] = useState(EMPTY_SHIELD);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const areas = settings.shieldedAreas;

  const add = (event: FormEvent) => {
    event.preventDefault();
    const area: ShieldedArea = { kind: form.kind, length: parseMetres(form.length), width: parseMetres(form.width), height: parseMetres(form.height), floorDistance: parseMetres(form.floorDistance), x: parseMetres(form.x), y: parseMetres(form.y) };
    if (SHIELD_FIELDS.some((field) => !Number.isFinite(area[field]))) return setProblems([t('fall.err.shieldNumbers')]);
    const found = fallProblems({ ...settings, shieldedAreas: [...areas, area] }, 'shields').filter((problem) => problem.params?.n === areas.length + 1);
    setProblems(found.map((problem) => problemText(t, problem)));
    if (found.length) return;
    onChange([...areas, area]);
    setForm(EMPTY_SHIELD);
    setAdding(false);
  };

  return (
    <>
      <p>{t('fall.shields.hint')}</p>
      {areas.length === 0 ? (
        <p className="muted">{t('fall.shields.none')}</p>
      ) : (
        <ul className="cards" aria-label={t('fall.step.shields')}>
          {areas.map((area, index) => (
            <li key={index} className="card card-row">
              <span>
                <strong>{t('fall.shields.item', { n: index + 1, kind: t(`fall.kind.${area.kind}` as MessageKey) })}</strong>
                <br />
                <span className="muted">{t('fall.shields.size', { length: area.length, width: area.width, height: area.height, x: area.x, y: area.y })}</span>
              </span>
              <button type="button" className="button button-quiet" aria-label={t('fall.shields.deleteItem', { n: index + 1 })} onClick={() => setRemoving(index)}>
                {t('common.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <form className="card" onSubmit={add} noValidate aria-label={t('fall.shields.add')}>
          <fieldset className="segmented">
            <legend>{t('fall.shields.kind')}</legend>
            {SHIELDED_AREA_KINDS.map((kind) => (
              <label key={kind} className={form.kind === kind ? 'segment segment-on' : 'segment'}>
                <input type="radio" name="shieldKind" checked={form.kind === kind} onChange={() => setForm({ ...form, kind })} />
                {t(`fall.kind.${kind}` as MessageKey)}
              </label>
            ))}
          </fieldset>
          <div className="grid-2">
            {SHIELD_FIELDS.map((field) => (
              <label key={field} className="field">
                <span>{t(`fall.shields.${field}` as MessageKey)}</span>
                <input inputMode="decimal" value={form[field]} onChange={(event) => setForm({ ...form, [field]: event.target.value })} />
              </label>
            ))}
          </div>
          <Problems problems={problems} />
          <div className="sheet-actions">
            <button type="button" className="button button-quiet" onClick={() => setAdding(false)}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="button button-primary">
              {t('fall.shields.addIt')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button button-block" disabled={areas.length >= FALL_SHIELDED_AREAS_MAX} onClick={() => setAdding(true)}>
          {t('fall.shields.add')}
        </button>
      )}
      {areas.length >= FALL_SHIELDED_AREAS_MAX && <p className="muted">{t('fall.shields.max', { max: FALL_SHIELDED_AREAS_MAX })}</p>}
      {removing !== null && (
        <ConfirmSheet
          title={t('fall.shields.deleteTitle')}
          message={t('fall.shields.deleteText', { n: removing + 1 })}
          confirm={t('common.delete')}
          onConfirm={() => {
            onChange(areas.filter((_area, index) => index !== removing));
            setRemoving(null);
          }}
          onCancel={() => setRemoving(null)}
        />
      )}
    </>
  );
}

function TestStep({ deviceId, saved }: { deviceId: string; saved: { sent: boolean } | null }) {
  const t = useT();
  const [fall, setFall] = useState<{ status: number; at: number } | null>(null);
  useEffect(() => {
    let stopped = false;
    let baseline: number | null = null;
    let timer = 0;
    const poll = async () => {
      try {
        // The first answer sets the baseline (server time), so a fall from before this step does not count.
        const events = await callApi(deviceRecentEvents, { deviceId, since: baseline === null ? 0 : baseline + 1 });
        if (baseline === null) baseline = events.reduce((max, event) => Math.max(max, event.receivedAt), 0);
        else {
          const found = events.find((event) => event.type === 'fall' && event.status >= 1);
          if (found && !stopped) setFall((previous) => (previous?.status === 2 ? previous : { status: found.status, at: found.receivedAt }));
        }
      } catch {
        // Next round.
      }
      if (!stopped) timer = window.setTimeout(() => void poll(), 2000);
    };
    void poll();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [deviceId]);
  return (
    <>
      {saved && (
        <p className="banner banner-ok" role="status">
          {saved.sent ? t('fall.saved.sent') : t('fall.saved.pending')}
        </p>
      )}
      <ol className="guide">
        <li>{t('fall.test.1', { minutes: FALL_INIT_WAIT_S / 60 })}</li>
        <li>{t('fall.test.2', { seconds: FALL_TEST_HOLD_S })}</li>
      </ol>
      <p className={fall?.status === 2 ? 'banner banner-ok' : 'banner'} role="status" aria-live="polite" data-testid="fall-test">
        {fall === null ? t('fall.test.waiting') : fall.status === 2 ? t('fall.test.fall', { time: new Date(fall.at).toLocaleTimeString() }) : t('fall.test.suspected')}
      </p>
    </>
  );
}
