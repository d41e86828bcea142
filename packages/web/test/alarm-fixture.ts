import type { AlarmRecord } from '@vigil/contracts';

/** A pending red fall alarm for Ann Lee in East 2F 204 bed 3, with any field overridden. */
export function alarmRecord(patch: Partial<AlarmRecord> = {}): AlarmRecord {
  const raisedAt = Date.UTC(2026, 10, 23, 2, 0, 0);
  return {
    id: 41, alertRecordId: 41, type: 'fall', alertType: 'FALL_ALARM', deviceId: 'R-1', deviceType: 21007, alertLevel: 1, timeStamp: raisedAt / 1000, raisedAt, lastAt: raisedAt,
    repeatCount: 0, duration: null, userId: 7, roomId: 204, userName: 'Ann Lee', bunk: '3', room: '204', floorArea: 'East 2F', address: 'East 2F 204 3', status: 1, isRelieve: false,
    releaseSource: 0, relievedAt: null, voiceWay: 3, popup: true, speechCount: 5, speechStartTime: raisedAt / 1000, showHandler: true, longKey: 'long.FALL_ALARM',
    shortKey: 'short.FALL_ALARM', promptKey: null, removeKey: 'remove.FALL_ALARM', text: '', dealState: 'unDeal', handlerId: null, handler: null, dealTime: null,
    dealOption: null, followUp: null, remark: null, responseMs: null, removeReason: null, ...patch,
  };
}
