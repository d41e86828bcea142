import type { AlarmRecord } from '@vigil/contracts';
import { alarmLongText } from './alarmText.ts';
import { currentLanguage } from './i18n.ts';

/**
 * How a new alarm reaches the caregiver (docs/app.md): the level's tone (the console's
 * IEC 60601-1-8 bursts: red ten 150 ms pulses at 880 Hz, orange three 200 ms at 523 Hz),
 * a vibration pattern, and, while the app is hidden, a system notification through the
 * service worker. Browsers play sound only after a tap: `unlockSound` runs on the first one.
 */
let audio: AudioContext | null = null;
let sounds = 0;

export function unlockSound(): boolean {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
    return audio.state === 'running' || audio.state === 'suspended';
  } catch {
    return false;
  }
}

export function soundReady(): boolean {
  return audio !== null && audio.state === 'running';
}

/** Sounds played so far (the e2e test reads it through window.__vigilAlarmSounds). */
export function soundsPlayed(): number {
  return sounds;
}

function playTone(level: 1 | 2): void {
  if (!audio || audio.state !== 'running') return;
  const red = level === 1;
  const pulses = red ? [0, 0.2, 0.4, 0.9, 1.1, 1.9, 2.1, 2.3, 2.8, 3.0] : [0, 0.3, 0.6];
  const length = red ? 0.15 : 0.2;
  const frequency = red ? 880 : 523;
  const start = audio.currentTime + 0.02;
  for (const offset of pulses) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = frequency;
    oscillator.type = 'square';
    gain.gain.setValueAtTime(0, start + offset);
    gain.gain.linearRampToValueAtTime(0.25, start + offset + 0.01);
    gain.gain.setValueAtTime(0.25, start + offset + length - 0.02);
    gain.gain.linearRampToValueAtTime(0, start + offset + length);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + length);
  }
}

/** Sound, vibration and (hidden app) a system notification for a new alarm. */
export async function announce(alarm: AlarmRecord, title: string): Promise<void> {
  sounds += 1;
  (window as unknown as { __vigilAlarmSounds: number }).__vigilAlarmSounds = sounds;
  playTone(alarm.alertLevel);
  if ('vibrate' in navigator) navigator.vibrate(alarm.alertLevel === 1 ? [400, 200, 400, 200, 400] : [300, 200, 300]);
  if (document.visibilityState === 'visible') return;
  if (!('Notification' in window) || Notification.permission !== 'granted' || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration('/app/');
  await registration?.showNotification(title, {
    body: alarmLongText(currentLanguage(), alarm) || alarm.address,
    tag: `alarm-${alarm.id}`,
    icon: '/app/icon-192.png',
    requireInteraction: alarm.alertLevel === 1,
  });
}

/** Asks for notification permission (after a tap); true when granted. */
export async function enableNotifications(): Promise<boolean> {
  if (!('Notification' in window)) return false;
  if (Notification.permission === 'granted') return true;
  return (await Notification.requestPermission()) === 'granted';
}

export function notificationsOn(): boolean {
  return 'Notification' in window && Notification.permission === 'granted';
}
