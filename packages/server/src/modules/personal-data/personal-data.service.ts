import { Status } from '@vigil/contracts';
import { strToU8, zipSync } from 'fflate';
import type { SessionInfo } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { FileReply } from '../../http/file-reply.ts';
import { assertOwned, workingProviderId } from '../../tenancy/care-provider.ts';
import type { PersonalDataRepository } from './personal-data.repository.ts';

const README = `This archive holds everything Vigil stores about one resident, as JSON files:
resident.json (profile), contacts.json, caregivers.json, alarm-settings.json, alarms.json (every
alarm recorded for them), daily-reports.json and monthly-reports.json (sleep reports with their
analysis), devices.json (the devices on their bed and, per device and day, how many one-second
samples are stored). Raw device data is kept for VIGIL_RAW_RETENTION_DAYS (30 by default) and
belongs to the device, not the resident; the audit trail records who changed or viewed this data.
`;

/** A resident's data as one archive, and erasure after check-out (docs/audit.md "Personal data"). */
export function personalDataService(deps: { data: PersonalDataRepository; dropOrphanRelatives: (providerId: number) => Promise<void>; now: () => number }) {
  const { data } = deps;
  async function owned(session: SessionInfo, id: number) {
    const providerId = workingProviderId(session.scope);
    const row = await data.resident(id);
    assertOwned(row, providerId, 'resident.notFound');
    return row;
  }
  const erase = async (id: number, providerId: number) => {
    await data.erase(id, deps.now());
    await deps.dropOrphanRelatives(providerId);
  };
  return {
    async export(session: SessionInfo, id: number): Promise<FileReply> {
      const resident = await owned(session, id);
      const devices = await data.devices(id, resident.bed_id);
      const from = resident.check_in_at ?? resident.created_at;
      const to = resident.check_out_at ?? deps.now();
      const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
      const files = {
        'README.txt': strToU8(README),
        'resident.json': json({
          id: resident.id, name: resident.name, gender: resident.gender === 1 ? 'male' : 'female', birthDate: resident.birth_date, heightCm: resident.height_cm,
          weightKg: resident.weight_kg, medicalHistory: JSON.parse(resident.medical_history || '[]') as unknown, remark: resident.remark, careLevel: resident.care_level,
          attention: resident.attention === 1, state: resident.state, checkInAt: resident.check_in_at, checkOutAt: resident.check_out_at, deregisteredAt: resident.deregistered_at,
          createdAt: resident.created_at, updatedAt: resident.updated_at,
        }),
        'contacts.json': json(await data.contacts(id)),
        'caregivers.json': json(await data.caregivers(id)),
        'alarm-settings.json': json(await data.alarmSettings(id) ?? null),
        'alarms.json': json(await data.alarms(id)),
        'daily-reports.json': json((await data.dailyReports(id)).map((report) => ({ ...report, analysis: JSON.parse(report.analysis || 'null') as unknown }))),
        'monthly-reports.json': json((await data.monthlyReports(id)).map((report) => ({ ...report, analysis: JSON.parse(report.analysis || 'null') as unknown }))),
        'devices.json': json({ devices, samplesPerDay: await data.sampleDays(devices.map((device) => device.device_id), from, to) }),
      };
      const stamp = new Date(deps.now()).toISOString().slice(0, 10);
      return new FileReply(`resident-${id}-${stamp}.zip`, Buffer.from(zipSync(files, { level: 6 })), 'application/zip');
    },
    async erase(session: SessionInfo, id: number): Promise<null> {
      const resident = await owned(session, id);
      if (resident.state !== 'checkedOut' && resident.state !== 'deregistered') throw new AppError(Status.CONFLICT, 'resident.eraseNotCheckedOut');
      if (resident.name_key.startsWith('erased:')) throw new AppError(Status.CONFLICT, 'resident.erased');
      await erase(id, resident.provider_id);
      return null;
    },
    /** Erases residents checked out more than `days` ago (RESIDENT_ERASE_AFTER_DAYS); answers their ids. */
    async eraseExpired(now: number, days: number): Promise<number[]> {
      const due = await data.checkedOutBefore(now - days * 86_400_000);
      for (const resident of due) await erase(resident.id, resident.provider_id);
      return due.map((resident) => resident.id);
    },
  };
}
export type PersonalDataService = ReturnType<typeof personalDataService>;
