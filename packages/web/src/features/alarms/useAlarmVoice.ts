import { ESCALATION_MINUTES_DEFAULT } from '@vigil/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { shortText } from './alarmText.ts';
import { ALARMS_NS } from './i18n.ts';
import { pendingAlarms, pendingOnly, useHeldAlarms } from './pendingStore.ts';
import { escalates, severityOf, voiceWayFor } from './severity.ts';
import { browserVoice } from './voice/browserVoice.ts';
import type { Announcement } from './voice/voiceSchedule.ts';
import { spokenText, type SentenceTranslator } from './voice/voiceText.ts';

const ESCALATION_CHECK_MS = 5_000;

/** Escalated announcements are the alarm id with this suffix. */
const ESCALATED = ':escalated';

/** True when a level-1 alarm has waited past the escalation time (issue 10, beyond the spec). Reminders never escalate (issue 25). */
export const isEscalated = escalates;

/**
 * Voices the held alarms (spec 02 §4 voice modes): each pending alarm once as it is first
 * seen here, in its level's voice mode, the bed read in Chinese numerals in Chinese speech;
 * a level-1 alarm pending past the escalation time again, escalated, until handled.
 * Handled and relieved alarms fall silent. The queue speaks SOS and falls first, then red,
 * orange and reminders (issue 25); every open alarm is voiced, whatever its age.
 */
export function useAlarmVoice(escalationMinutes: number = ESCALATION_MINUTES_DEFAULT): void {
  const { t, i18n } = useTranslation(ALARMS_NS);
  const held = useHeldAlarms();
  browserVoice.language = i18n.language;

  useEffect(() => {
    const sentence: SentenceTranslator = (key, values) =>
      key === 'alarms.voice.sentence' ? t('alarms.voice.sentence', { who: values.who, what: values.what }) : t('alarms.voice.escalated', { sentence: values.sentence });
    const pending = pendingOnly(held);
    const ids = new Set(pending.map((entry) => String(entry.alarm.id)));
    browserVoice.retain((id) => ids.has(id.replace(ESCALATED, '')));
    for (const { alarm } of pending) {
      const announcement = (escalated: boolean): Announcement => ({
        id: escalated ? `${alarm.id}${ESCALATED}` : String(alarm.id),
        level: alarm.alertLevel,
        voiceWay: voiceWayFor(alarm),
        escalated,
        severity: severityOf(alarm),
        text: spokenText(alarm, shortText(alarm, i18n.language), i18n.language, sentence, escalated),
        startedAt: alarm.speechStartTime * 1000 || alarm.raisedAt,
      });
      if (!voiced.has(alarm.id)) {
        voiced.add(alarm.id);
        browserVoice.announce(announcement(false));
      }
      if (isEscalated(alarm, escalationMinutes, Date.now()) && !escalatedIds.has(alarm.id)) {
        escalatedIds.add(alarm.id);
        browserVoice.silence(String(alarm.id));
        browserVoice.announce(announcement(true));
      }
    }
  }, [held, escalationMinutes, t, i18n.language]);

  // Escalation is a matter of time passing, not of a new frame: look again now and then.
  useEffect(() => {
    const timer = setInterval(() => {
      const now = Date.now();
      if (pendingOnly(pendingAlarms.all()).some(({ alarm }) => isEscalated(alarm, escalationMinutes, now) && !escalatedIds.has(alarm.id))) {
        pendingAlarms.touch();
      }
    }, ESCALATION_CHECK_MS);
    return () => clearInterval(timer);
  }, [escalationMinutes]);
}

/** Alarms this console has voiced, and those it has voiced as escalated (kept for the page's life). */
const voiced = new Set<number>();
const escalatedIds = new Set<number>();
