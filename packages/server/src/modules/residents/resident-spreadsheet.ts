import {
  birthDateSchema,
  CARE_LEVEL_MAX,
  CARE_LEVEL_MIN,
  CONTACT_RELATIONS,
  formatMessage,
  GENDERS,
  IMPORT_MAX_ROWS,
  heightSchema,
  optionalText,
  personNameSchema,
  phoneSchema,
  placeNameSchema,
  REMARK_MAX,
  weightSchema,
  type Language,
  type ResidentInput,
} from '@vigil/contracts';
import { z } from 'zod';
import type { Transactional } from '../../db/transactional.ts';
import type { SessionInfo } from '../../http/context.ts';
import { workingProviderId } from '../../tenancy/care-provider.ts';
import type { WorkerPool } from '../../workers/pool.ts';
import { checkCell, ImportProblems, localizedChoice, readImportSheet, rowCells, templateHeaders, textColumns, type ColumnSpec } from '../spreadsheets/import-sheet.ts';
import type { SheetData } from '../spreadsheets/sheet-reader.ts';
import { buildWorkbook, fileStamp } from '../spreadsheets/workbook.ts';
import type { ResidentService, ResidentTransactionRepositories } from './resident.service.ts';
import type { ResidentFilter } from './resident.repository.ts';

export const RESIDENT_COLUMNS: readonly ColumnSpec[] = [
  { field: 'personName', required: true, aliases: ['name'] },
  { field: 'gender', required: true },
  { field: 'birthDate', required: true },
  { field: 'height', required: true },
  { field: 'weight', required: true },
  { field: 'area', required: true },
  { field: 'floor', required: true },
  { field: 'room', required: true },
  { field: 'bed', required: true },
  { field: 'contactName', required: false },
  { field: 'contactPhone', required: false, text: true },
  { field: 'contactRelation', required: false },
  { field: 'careLevel', required: false },
  { field: 'remark', required: false },
];

const careLevelCell = z.coerce.number({ error: 'validation.careLevel' }).int({ error: 'validation.careLevel' }).min(CARE_LEVEL_MIN, { error: 'validation.careLevel' }).max(CARE_LEVEL_MAX, { error: 'validation.careLevel' });
const pathKey = (parts: readonly string[]) => parts.map((part) => part.toLowerCase()).join('\u0000');

interface ResidentLine {
  rowNumber: number;
  bedKey: string;
  input: Omit<ResidentInput, 'bunkId'>;
}

/** Checks every row against the template rules; answers the lines and the bed path of each. */
function readLines(sheet: Pick<SheetData, 'rows'>, columns: Map<string, number>, problems: ImportProblems): ResidentLine[] {
  const lines: ResidentLine[] = [];
  const seenBeds = new Map<string, number>();
  for (const row of sheet.rows) {
    const cells = rowCells(row.cells, columns);
    const before = problems.list.length;
    const required = <T extends z.ZodType>(field: string, schema: T, value?: unknown): z.output<T> | null => {
      const text = cells.cell(field).text;
      if (text === '') {
        problems.add(row.rowNumber, cells.index(field), field, 'validation.required');
        return null;
      }
      const checked = checkCell(schema, value ?? text);
      if (checked.ok) return checked.value;
      problems.add(row.rowNumber, cells.index(field), field, checked.key);
      return null;
    };
    const optional = <T extends z.ZodType>(field: string, schema: T): z.output<T> | null => {
      const text = cells.cell(field).text;
      if (text === '') return null;
      return required(field, schema);
    };
    const name = required('personName', personNameSchema);
    const genderText = cells.cell('gender').text;
    const gender = genderText === '' ? null : localizedChoice(genderText, GENDERS, (choice) => `gender.${choice}`);
    if (genderText === '') problems.add(row.rowNumber, cells.index('gender'), 'gender', 'validation.required');
    else if (!gender) problems.add(row.rowNumber, cells.index('gender'), 'gender', 'validation.gender');
    const birth = cells.cell('birthDate');
    const birthDate = required('birthDate', birthDateSchema, birth.date ? `${birth.date.year}-${birth.date.month}-${birth.date.day}` : birth.text);
    const height = required('height', heightSchema);
    const weight = required('weight', weightSchema);
    const place = ['area', 'floor', 'room', 'bed'].map((field) => required(field, placeNameSchema));
    const contactName = optional('contactName', z.string());
    const contactPhoneText = cells.cell('contactPhone').text;
    const relationText = cells.cell('contactRelation').text;
    const relation = relationText === '' ? 'others' : localizedChoice(relationText, CONTACT_RELATIONS, (choice) => `relation.${choice}`);
    if (!relation) problems.add(row.rowNumber, cells.index('contactRelation'), 'contactRelation', 'validation.relation');
    let contact: ResidentInput['contacts'][number] | null = null;
    if (contactName !== null || contactPhoneText !== '') {
      const checkedName = required('contactName', personNameSchema);
      const phone = required('contactPhone', phoneSchema);
      if (checkedName && phone && relation) contact = { name: checkedName, phone, relation };
    }
    const careLevel = optional('careLevel', careLevelCell);
    const remark = cells.cell('remark').text === '' ? '' : required('remark', optionalText(REMARK_MAX));

    if (place.every((part) => part !== null)) {
      const bedKey = pathKey(place.map((part) => part ?? ''));
      const earlier = seenBeds.get(bedKey);
      if (earlier !== undefined) problems.add(row.rowNumber, cells.index('bed'), 'bed', 'import.duplicateBed', { row: earlier });
      else seenBeds.set(bedKey, row.rowNumber);
      if (problems.list.length === before && name && gender && birthDate && remark !== null) {
        lines.push({
          rowNumber: row.rowNumber,
          bedKey,
          input: {
            name,
            gender,
            birthDate,
            height,
            weight,
            medicalHistory: [],
            remark,
            contacts: contact ? [contact] : [],
            careLevel,
            attention: false,
            caregiverIds: [],
            confirmBunk: false,
            confirmSameName: true,
          },
        });
      }
    }
  }
  return lines;
}

/** What the resident spreadsheet works with: a transaction over its repositories, and the resident service. */
export interface ResidentSpreadsheetDeps {
  transaction: Transactional<ResidentTransactionRepositories>;
  residents: ResidentService;
  now: () => number;
  workers: WorkerPool;
}

/** Resident import template, import (all or nothing, onto existing vacant beds) and export. */
export function residentSpreadsheet({ transaction, residents, now, workers }: ResidentSpreadsheetDeps) {
  return {
    template(language: Language): { fileName: string; bytes: Buffer } {
      const headers = templateHeaders(language, RESIDENT_COLUMNS);
      const sample = [['Margaret Lee', formatMessage(language, 'gender.female'), '1938/04/12', 158, 52, 'Building A', '1F', '101', '1', 'Daniel Lee', '+447700900123', formatMessage(language, 'relation.children'), 2, '']];
      return { fileName: 'resident-template.xlsx', bytes: buildWorkbook(formatMessage(language, 'field.name'), headers, sample, { textColumns: textColumns(RESIDENT_COLUMNS), formattedRows: IMPORT_MAX_ROWS + 1 }) };
    },

    async import(session: SessionInfo, language: Language, bytes: Buffer): Promise<{ imported: number }> {
      const providerId = workingProviderId(session.scope);
      const problems = new ImportProblems(language);
      const sheet = await readImportSheet(workers, bytes, RESIDENT_COLUMNS, problems, language);
      const { columns } = sheet;
      const lines = readLines(sheet, columns, problems);

      return transaction(async (tx) => {
        const beds = new Map((await tx.beds.listBeds(providerId, {})).rows.map((bed) => [pathKey([bed.building_name, bed.floor_name, bed.room_name, bed.name]), bed]));
        const rooms = new Set([...beds.keys()].map((key) => key.split('\u0000').slice(0, 3).join('\u0000')));
        for (const line of lines) {
          const bed = beds.get(line.bedKey);
          if (!bed && !rooms.has(line.bedKey.split('\u0000').slice(0, 3).join('\u0000'))) problems.add(line.rowNumber, columns.get('room') ?? null, 'room', 'room.notFound');
          else if (!bed) problems.add(line.rowNumber, columns.get('bed') ?? null, 'bed', 'bed.notFound');
          else if (bed.resident_id !== null) problems.add(line.rowNumber, columns.get('bed') ?? null, 'bed', 'import.bedOccupied', { name: bed.resident_name ?? '' });
        }
        problems.throwIfAny();
        const time = now();
        for (const line of lines) {
          const bunkId = beds.get(line.bedKey)?.id ?? null;
          const id = await residents.save(tx, providerId, { ...line.input, bunkId }, null);
          // Imported residents already live on their beds: they start checked in.
          await tx.residents.update(id, { state: 'admitted', check_in_at: time, updated_at: time });
        }
        return { imported: lines.length };
      });
    },

    async export(session: SessionInfo, language: Language, filter: ResidentFilter): Promise<{ fileName: string; bytes: Buffer }> {
      const rows = await residents.all(session, filter);
      const headers = [
        ...templateHeaders(language, RESIDENT_COLUMNS),
        formatMessage(language, 'field.state'),
        formatMessage(language, 'field.attention'),
        formatMessage(language, 'field.medicalHistory'),
      ];
      const data = rows.map((row) => {
        const contact = row.contacts[0];
        return [
          row.name,
          formatMessage(language, `gender.${row.gender}`),
          row.birthDate,
          row.height,
          row.weight,
          row.buildingName ?? '',
          row.floorName ?? '',
          row.roomName ?? '',
          row.bunkName ?? '',
          contact?.name ?? '',
          contact?.phone ?? '',
          contact ? formatMessage(language, `relation.${contact.relation}`) : '',
          row.careLevel,
          row.remark,
          formatMessage(language, `state.${row.state}`),
          row.attention ? '✓' : '',
          row.medicalHistory.map((code) => formatMessage(language, `medical.${code}`)).join(', '),
        ];
      });
      return { fileName: `residents-${fileStamp(now())}.xlsx`, bytes: buildWorkbook(formatMessage(language, 'field.name'), headers, data, { textColumns: textColumns(RESIDENT_COLUMNS) }) };
    },
  };
}
export type ResidentSpreadsheet = ReturnType<typeof residentSpreadsheet>;
