import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toneLength, tonePulses, TONE_TIMING } from './alarmTones.ts';
import { chineseNumber, chineseNumeralsIn } from './chineseNumerals.ts';
import {
  SOUND_PAUSE_MS,
  SPEECH_LOOPS_PER_ROUND,
  SPEECH_REPEAT_MAX_MS,
  SPEECH_ROUND_GAP_MS,
  VoiceScheduler,
  type Announcement,
  type NextStep,
} from './voiceSchedule.ts';
import { spokenBed, spokenText, type SentenceTranslator } from './voiceText.ts';
import type { AlarmRecord } from '@vigil/contracts';
import { escalates, severityOf, voiceWayFor } from '../severity.ts';

const T0 = 1_700_000_000_000;

function announcement(patch: Partial<Announcement> = {}): Announcement {
  return { id: 'a1', level: 1, voiceWay: 2, escalated: false, text: 'Room 3, Ann: fall', startedAt: T0, severity: patch.level === 2 ? 2 : 1, ...patch };
}

function played(step: NextStep): string | null {
  return 'play' in step ? step.play.id : null;
}

/** Plays everything due until the scheduler waits; returns the ids played in order. */
function drain(scheduler: VoiceScheduler, now: number): string[] {
  const ids: string[] = [];
  for (let step = scheduler.next(now); 'play' in step; step = scheduler.next(now)) {
    ids.push(step.play.id);
    scheduler.played(step.play.id, now);
  }
  return ids;
}

describe('bed labels in Chinese numerals (spec 02 §9)', () => {
  it('reads one or two digits as a number', () => {
    assert.equal(chineseNumber('3'), '三');
    assert.equal(chineseNumber('0'), '零');
    assert.equal(chineseNumber('10'), '十');
    assert.equal(chineseNumber('12'), '十二');
    assert.equal(chineseNumber('20'), '二十');
    assert.equal(chineseNumber('47'), '四十七');
  });

  it('reads longer runs and leading zeros digit by digit, as room and bed numbers are read', () => {
    assert.equal(chineseNumber('102'), '一零二');
    assert.equal(chineseNumber('05'), '零五');
  });

  it('replaces every run of digits in a label and keeps the rest', () => {
    assert.equal(chineseNumeralsIn('A区3床'), 'A区三床');
    assert.equal(chineseNumeralsIn('B-102-12'), 'B-一零二-十二');
    assert.equal(chineseNumeralsIn('window'), 'window');
  });

  it('uses Chinese numerals only in Chinese speech', () => {
    assert.equal(spokenBed('Bed 3', 'zh-cn'), 'Bed 三');
    assert.equal(spokenBed('Bed 3', 'en-us'), 'Bed 3');
    assert.equal(spokenBed('3', 'ko'), '3');
  });
});

describe('the spoken sentence', () => {
  const t: SentenceTranslator = (key, values) => (key === 'alarms.voice.escalated' ? `Escalated. ${values.sentence}` : `${values.who}: ${values.what}`);

  it('names the place, the resident and what happened', () => {
    assert.equal(spokenText({ floorArea: 'East 2F', room: '204', bunk: '3', userName: 'Ann Lee' }, 'Fall detected', 'en-us', t), 'East 2F 204 3, Ann Lee: Fall detected');
  });

  it('reads the bed number in Chinese numerals in Chinese', () => {
    assert.equal(spokenText({ room: '204', bunk: '3床', userName: '张三' }, '跌倒', 'zh-cn', t), '204 三床，张三: 跌倒');
  });

  it('leaves out what is not known, and says only what happened when nothing else is', () => {
    assert.equal(spokenText({ room: '204' }, 'Smoke', 'en-us', t), '204: Smoke');
    assert.equal(spokenText({}, 'Smoke', 'en-us', t), 'Smoke');
  });

  it('pauses at the slashes of place names instead of reading them out (issue 25 item 18)', () => {
    assert.equal(spokenText({ floorArea: 'Riverside/2F', room: 'N204/A', bunk: 'Bed 1', userName: 'Ann Lee' }, 'Fall', 'en-us', t), 'Riverside 2F N204 A Bed 1, Ann Lee: Fall');
    assert.equal(spokenText({ floorArea: 'East Wing / Floor 2 | North', room: '204' }, 'Fall', 'en-us', t), 'East Wing Floor 2 North 204: Fall');
    assert.equal(spokenText({ floorArea: '1号楼/2层', room: '204', bunk: '3床' }, '跌倒', 'zh-cn', t), '1号楼 2层 204 三床: 跌倒');
  });

  it('says an escalated alarm is escalated', () => {
    assert.equal(spokenText({ room: '1' }, 'Fall', 'en-us', t, true), 'Escalated. 1: Fall');
  });
});

describe('alarm tones (IEC 60601-1-8 style)', () => {
  it('sounds level 1 as a ten-pulse high-priority burst and level 2 as three medium pulses', () => {
    assert.equal(tonePulses('high').length, 10);
    assert.equal(tonePulses('medium').length, 3);
    assert.equal(tonePulses('tick').length, 1);
  });

  it('keeps pulses apart and inside the standard timing ranges', () => {
    for (const kind of ['high', 'medium'] as const) {
      const pulses = tonePulses(kind);
      for (let index = 1; index < pulses.length; index++) {
        const gap = pulses[index].at - (pulses[index - 1].at + pulses[index - 1].duration);
        assert.ok(gap >= 50, `${kind} pulse ${index} starts ${gap} ms after the previous ends`);
      }
    }
    assert.ok(TONE_TIMING.high.pulse >= 75 && TONE_TIMING.high.pulse <= 200);
    assert.ok(TONE_TIMING.medium.pulse >= 125 && TONE_TIMING.medium.pulse <= 250);
  });

  it('makes level 1 sound different from level 2: higher pitch, faster and longer', () => {
    assert.ok(tonePulses('high')[0].frequency > tonePulses('medium')[0].frequency);
    assert.ok(TONE_TIMING.high.spacing < TONE_TIMING.medium.spacing);
    assert.ok(toneLength('high') > toneLength('medium'));
  });
});

describe('the voice schedule (spec 02 §4 voice modes, §9 repetition)', () => {
  it('plays nothing for a muted alarm', () => {
    const scheduler = new VoiceScheduler();
    scheduler.add(announcement({ voiceWay: 0 }), T0);
    assert.deepEqual(scheduler.next(T0), { idle: true });
  });

  it('ticks once for voice mode 1, without speech', () => {
    const scheduler = new VoiceScheduler();
    scheduler.add(announcement({ voiceWay: 1 }), T0);
    assert.deepEqual(scheduler.next(T0), { play: { id: 'a1', tone: 'tick', text: null, loops: 0 } });
    scheduler.played('a1', T0 + 100);
    assert.deepEqual(scheduler.next(T0 + 100), { idle: true });
  });

  it('speaks once for voice mode 2, after the level tone', () => {
    const scheduler = new VoiceScheduler();
    scheduler.add(announcement({ voiceWay: 2, level: 2 }), T0);
    assert.deepEqual(scheduler.next(T0), { play: { id: 'a1', tone: 'medium', text: 'Room 3, Ann: fall', loops: 1 } });
    scheduler.played('a1', T0 + 5000);
    assert.deepEqual(scheduler.next(T0 + 5000), { idle: true });
  });

  it('repeats mode 3 in rounds of 5 loops, 10 s apart, for at most an hour', () => {
    const scheduler = new VoiceScheduler();
    scheduler.add(announcement({ voiceWay: 3 }), T0);
    const first = scheduler.next(T0);
    assert.ok('play' in first);
    assert.equal(first.play.loops, SPEECH_LOOPS_PER_ROUND);
    const roundEnd = T0 + 8000;
    scheduler.played('a1', roundEnd);
    assert.deepEqual(scheduler.next(roundEnd + 1), { waitUntil: roundEnd + SPEECH_ROUND_GAP_MS });
    assert.equal(played(scheduler.next(roundEnd + SPEECH_ROUND_GAP_MS)), 'a1');

    let now = roundEnd + SPEECH_ROUND_GAP_MS;
    let rounds = 1;
    while (played(scheduler.next(now)) === 'a1') {
      rounds++;
      now += 8000;
      scheduler.played('a1', now);
      now += SPEECH_ROUND_GAP_MS;
    }
    assert.ok(now - SPEECH_ROUND_GAP_MS < T0 + SPEECH_REPEAT_MAX_MS + SPEECH_ROUND_GAP_MS, 'no round starts after the hour');
    assert.deepEqual(scheduler.next(now), { idle: true });
    assert.equal(rounds, Math.ceil(SPEECH_REPEAT_MAX_MS / (8000 + SPEECH_ROUND_GAP_MS)));
  });

  it('falls silent when the alarm is handled or relieved', () => {
    const scheduler = new VoiceScheduler();
    scheduler.add(announcement({ voiceWay: 3 }), T0);
    scheduler.played('a1', T0 + 8000);
    scheduler.remove('a1');
    assert.deepEqual(scheduler.next(T0 + 60_000), { idle: true });
  });

  it('speaks escalated alarms first, then level 1, then level 2, oldest first', () => {
    const scheduler = new VoiceScheduler();
    scheduler.add(announcement({ id: 'orange', level: 2 }), T0);
    scheduler.add(announcement({ id: 'red-old', level: 1 }), T0);
    scheduler.add(announcement({ id: 'red-new', level: 1 }), T0 + 1);
    scheduler.add(announcement({ id: 'escalated', level: 1, escalated: true }), T0 + 2);
    assert.deepEqual(drain(scheduler, T0 + 2), ['escalated', 'red-old', 'red-new', 'orange']);
  });

  it('repeats an escalated alarm with the high-priority tone past the hour, until it is handled', () => {
    const scheduler = new VoiceScheduler();
    scheduler.add(announcement({ id: 'e', level: 1, voiceWay: 2, escalated: true }), T0);
    const first = scheduler.next(T0);
    assert.ok('play' in first);
    assert.equal(first.play.tone, 'high');
    const late = T0 + SPEECH_REPEAT_MAX_MS * 2;
    scheduler.played('e', late);
    assert.equal(played(scheduler.next(late + SPEECH_ROUND_GAP_MS)), 'e');
    scheduler.remove('e');
    assert.deepEqual(scheduler.next(late + 2 * SPEECH_ROUND_GAP_MS), { idle: true });
  });

  it('pauses for two minutes: single announcements are dropped, repeated ones resume after', () => {
    const scheduler = new VoiceScheduler();
    scheduler.add(announcement({ id: 'once', voiceWay: 2 }), T0);
    scheduler.add(announcement({ id: 'again', voiceWay: 3 }), T0);
    const until = scheduler.pause(T0);
    assert.equal(until, T0 + SOUND_PAUSE_MS);
    assert.ok(scheduler.isPaused(T0 + SOUND_PAUSE_MS - 1));
    scheduler.add(announcement({ id: 'during', voiceWay: 2 }), T0 + 1000);
    assert.deepEqual(scheduler.next(T0 + 1000), { waitUntil: until });
    assert.deepEqual(drain(scheduler, until), ['again']);
  });

  it('resumes at once when the pause is ended early', () => {
    const scheduler = new VoiceScheduler();
    scheduler.add(announcement({ id: 'again', voiceWay: 3 }), T0);
    scheduler.pause(T0);
    scheduler.resume(T0 + 5000);
    assert.equal(scheduler.isPaused(T0 + 5000), false);
    assert.equal(played(scheduler.next(T0 + 5000)), 'again');
  });
});

describe('the voice queue by urgency (issue 25)', () => {
  const reminder = (index: number) => announcement({ id: `door-${index}`, level: 2, voiceWay: 2, severity: 3, text: `Door ${index} opened` });
  const sos = announcement({ id: 'sos', level: 1, voiceWay: 3, severity: 0, text: 'N204: Emergency call' });

  it('speaks an SOS raised behind 20 reminders first', () => {
    const scheduler = new VoiceScheduler();
    for (let index = 0; index < 20; index++) scheduler.add(reminder(index), T0 + index);
    scheduler.add(sos, T0 + 20);
    const order = drain(scheduler, T0 + 20);
    assert.equal(order[0], 'sos');
    assert.deepEqual(order.slice(1), Array.from({ length: 20 }, (_, index) => `door-${index}`));
  });

  it('an SOS or a fall pre-empts a reminder or an orange alarm that is playing; the cut round plays again after it', () => {
    const scheduler = new VoiceScheduler();
    scheduler.add(reminder(1), T0);
    assert.equal(played(scheduler.next(T0)), 'door-1');
    assert.equal(scheduler.preempts('door-1', T0 + 500), false, 'nothing more urgent yet');
    scheduler.add(announcement({ id: 'fall', level: 1, voiceWay: 2, severity: 0 }), T0 + 600);
    assert.equal(scheduler.preempts('door-1', T0 + 600), true);
    scheduler.interrupted('door-1', T0 + 650);
    assert.deepEqual(drain(scheduler, T0 + 700), ['fall', 'door-1']);
  });

  it('does not cut an alarm for one of the same urgency', () => {
    const scheduler = new VoiceScheduler();
    scheduler.add(announcement({ id: 'red-1', severity: 1 }), T0);
    scheduler.add(announcement({ id: 'red-2', severity: 1 }), T0 + 1);
    assert.equal(scheduler.preempts('red-1', T0 + 1), false);
    scheduler.add(announcement({ id: 'orange', level: 2, severity: 2 }), T0 + 2);
    assert.equal(scheduler.preempts('red-1', T0 + 2), false, 'a less urgent one never cuts');
  });

  it('one alarm\'s repeats never starve a newer one: a new alarm is heard before another round of a repeating one', () => {
    const scheduler = new VoiceScheduler();
    scheduler.add(announcement({ id: 'escalated', level: 1, voiceWay: 3, escalated: true, severity: 1 }), T0);
    let now = T0;
    for (let round = 0; round < 3; round++) {
      assert.equal(played(scheduler.next(now)), 'escalated');
      now += 8000;
      scheduler.played('escalated', now);
      now += SPEECH_ROUND_GAP_MS;
    }
    // Due at the same moment as the next escalated round: the new red alarm goes first.
    scheduler.add(announcement({ id: 'new-red', level: 1, voiceWay: 2, severity: 1 }), now);
    assert.equal(played(scheduler.next(now)), 'new-red');
  });

  it('a repeating orange alarm yields to a newer red one, and a playing one is cut for it', () => {
    const scheduler = new VoiceScheduler();
    scheduler.add(announcement({ id: 'orange', level: 2, voiceWay: 3, severity: 2 }), T0);
    assert.equal(played(scheduler.next(T0)), 'orange');
    scheduler.add(announcement({ id: 'red', level: 1, voiceWay: 3, severity: 1 }), T0 + 2000);
    assert.equal(scheduler.preempts('orange', T0 + 2000), true);
    scheduler.interrupted('orange', T0 + 2000);
    assert.equal(played(scheduler.next(T0 + 2000)), 'red');
  });

  it('a handled alarm\'s round is cut at once', () => {
    const scheduler = new VoiceScheduler();
    scheduler.add(sos, T0);
    assert.equal(played(scheduler.next(T0)), 'sos');
    scheduler.remove('sos');
    assert.equal(scheduler.preempts('sos', T0 + 100), true);
  });
});

describe('urgency of an alarm (issue 25)', () => {
  const record = (alertType: string, alertLevel: 1 | 2, raisedAt = T0) => ({ alertType: alertType as AlarmRecord['alertType'], alertLevel, raisedAt, id: 1, voiceWay: 3 });

  it('SOS and falls first whatever their level, then red, orange, reminders', () => {
    assert.equal(severityOf(record('SOS', 2)), 0);
    assert.equal(severityOf(record('FALL_ALARM', 1)), 0);
    assert.equal(severityOf(record('CHEST_SOS', 1)), 0);
    assert.equal(severityOf(record('SMOKE', 1)), 1);
    assert.equal(severityOf(record('LOW_POWER', 2)), 2);
    assert.equal(severityOf(record('DOOR_OPEN', 1)), 3, 'a reminder set to red is still a reminder');
    assert.equal(severityOf(record('DOOR_CLOSE', 2)), 3);
  });

  it('a reminder never escalates and speaks at most once; a red alarm escalates after the escalation time', () => {
    const late = T0 + 60 * 60_000;
    assert.equal(escalates(record('DOOR_OPEN', 1), 3, late), false);
    assert.equal(escalates(record('SOS', 1), 3, late), true);
    assert.equal(escalates(record('SOS', 1), 3, T0 + 60_000), false);
    assert.equal(voiceWayFor(record('DOOR_OPEN', 1)), 2);
    assert.equal(voiceWayFor(record('SOS', 1)), 3);
  });
});
