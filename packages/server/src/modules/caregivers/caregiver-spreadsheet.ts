import {
  CAREGIVER_GRADES,
  formatMessage,
  ID_NUMBER_MAX,
  IMPORT_MAX_ROWS,
  JOB_MAX,
  loginNameSchema,
  optionalText,
  personNameSchema,
  phoneSchema,
  RELATION_TEXT_MAX,
  type Language,
} from '@vigil/contracts';
import type { z } from 'zod';
import type { Transactional } from '../../db/transactional.ts';
import type { SessionInfo } from '../../http/context.ts';
import { workingProviderId } from '../../tenancy/care-provider.ts';
import type { WorkerPool } from '../../workers/pool.ts';
import { checkCell, ImportProblems, localizedChoice, readImportSheet, rowCells, templateHeaders, textColumns, type ColumnSpec } from '../spreadsheets/import-sheet.ts';
import { buildWorkbook, fileStamp } from '../spreadsheets/workbook.ts';
import type { CaregiverRepository } from './caregiver.repository.ts';
import { phoneLogin, type CaregiverInput, type CaregiverService, type CaregiverTransactionRepositories } from './caregiver.service.ts';

export const CAREGIVER_COLUMNS: readonly ColumnSpec[] = [
  { field: 'personName', required: true, aliases: ['name'] },
  { field: 'phone', required: true, text: true },
  { field: 'grade', required: false },
  { field: 'job', required: false },
  { field: 'idNumber', required: false, text: true },
  { field: 'relation', required: false },
  { field: 'userName', required: false, text: true },
];

interface CaregiverLine {
  rowNumber: number;
  loginColumn: number | null;
  input: CaregiverInput & { userName: string };
}

/** What the caregiver spreadsheet works with: its repositories, bound to the database or to one transaction, and the caregiver service. */
export interface CaregiverSpreadsheetDeps {
  caregivers: CaregiverRepository;
  transaction: Transactional<CaregiverTransactionRepositories>;
  service: CaregiverService;
  now: () => number;
  workers: WorkerPool;
}

/** Caregiver import template, import (all or nothing; each new login gets a random password, answered once) and export. */
export function caregiverSpreadsheet({ caregivers, transaction, service, now, workers }: CaregiverSpreadsheetDeps) {
  return {
    template(language: Language): { fileName: string; bytes: Buffer } {
      const headers = templateHeaders(language, CAREGIVER_COLUMNS);
      const sample = [['Maria Santos', '+639171234567', formatMessage(language, 'grade.senior'), 'Nurse', '', '', '']];
      return { fileName: 'caregiver-template.xlsx', bytes: buildWorkbook(formatMessage(language, 'field.caregiverIds'), headers, sample, { textColumns: textColumns(CAREGIVER_COLUMNS), formattedRows: IMPORT_MAX_ROWS + 1 }) };
    },

    async import(session: SessionInfo, language: Language, bytes: Buffer) {
      const providerId = workingProviderId(session.scope);
      const problems = new ImportProblems(language);
      const sheet = await readImportSheet(workers, bytes, CAREGIVER_COLUMNS, problems, language);
      const { columns } = sheet;

      const lines: CaregiverLine[] = [];
      const logins = new Map<string, number>();
      for (const row of sheet.rows) {
        const cells = rowCells(row.cells, columns);
        const before = problems.list.length;
        const check = <T extends z.ZodType>(field: string, schema: T, required: boolean): z.output<T> | null => {
          const text = cells.cell(field).text;
          if (text === '' && required) {
            problems.add(row.rowNumber, cells.index(field), field, 'validation.required');
            return null;
          }
          const checked = checkCell(schema, text);
          if (checked.ok) return checked.value;
          problems.add(row.rowNumber, cells.index(field), field, checked.key);
          return null;
        };
        const name = check('personName', personNameSchema, true);
        const phone = check('phone', phoneSchema, true);
        const gradeText = cells.cell('grade').text;
        const grade = gradeText === '' ? 'general' : localizedChoice(gradeText, CAREGIVER_GRADES, (choice) => `grade.${choice}`);
        if (!grade) problems.add(row.rowNumber, cells.index('grade'), 'grade', 'validation.grade');
        const job = check('job', optionalText(JOB_MAX), false);
        const idNumber = check('idNumber', optionalText(ID_NUMBER_MAX), false);
        const relation = check('relation', optionalText(RELATION_TEXT_MAX), false);
        const givenLogin = cells.cell('userName').text === '' ? null : check('userName', loginNameSchema, false);
        if (problems.list.length !== before || !name || !phone || !grade || job === null || idNumber === null || relation === null) continue;
        const userName = givenLogin ?? phoneLogin(phone);
        const loginColumn = cells.index(givenLogin ? 'userName' : 'phone');
        const earlier = logins.get(userName.toLowerCase());
        if (earlier !== undefined) problems.add(row.rowNumber, loginColumn, givenLogin ? 'userName' : 'phone', 'import.duplicateLogin', { row: earlier });
        else logins.set(userName.toLowerCase(), row.rowNumber);
        lines.push({ rowNumber: row.rowNumber, loginColumn, input: { name, phone, grade, job, idNumber, relation, residentIds: [], userName } });
      }
      problems.throwIfAny();

      return transaction(async (tx) => {
        for (const line of lines) {
          if (await tx.accounts.findByUserName(line.input.userName)) problems.add(line.rowNumber, line.loginColumn, 'userName', 'account.exists');
        }
        problems.throwIfAny();
        const created: { userName: string; password: string }[] = [];
        for (const line of lines) {
          const result = await service.create(tx, providerId, line.input);
          created.push({ userName: result.userName, password: result.password ?? '' });
        }
        return { imported: lines.length, accounts: created };
      });
    },

    async export(session: SessionInfo, language: Language): Promise<{ fileName: string; bytes: Buffer }> {
      const { rows } = await caregivers.page(workingProviderId(session.scope), {});
      const headers = templateHeaders(language, CAREGIVER_COLUMNS);
      const data = rows.map((row) => [
        row.name,
        row.phone,
        formatMessage(language, row.grade === 'senior' ? 'grade.senior' : 'grade.general'),
        row.job,
        row.id_number,
        row.relation,
        row.user_name,
      ]);
      return { fileName: `caregivers-${fileStamp(now())}.xlsx`, bytes: buildWorkbook(formatMessage(language, 'field.caregiverIds'), headers, data, { textColumns: textColumns(CAREGIVER_COLUMNS) }) };
    },
  };
}
export type CaregiverSpreadsheet = ReturnType<typeof caregiverSpreadsheet>;
