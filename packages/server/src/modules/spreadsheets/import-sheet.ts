import {
  formatMessage,
  IMPORT_ERRORS_LISTED_MAX,
  isMessageKey,
  LANGUAGES,
  Status,
  type ImportProblem,
  type Language,
  type MessageKey,
} from '@vigil/contracts';
import type { z } from 'zod';
import { AppError, errors, fieldLabel } from '../../http/errors.ts';
import type { WorkerPool } from '../../workers/pool.ts';
import { taskModule } from '../../workers/task-module.ts';
import { normalizeHeader, type SheetCell, type SheetColumn, type SheetData } from './sheet-reader.ts';
import type { tasks } from './sheet-tasks.ts';
import { columnLetter } from './workbook.ts';

/** One template column: the field it fills (its `field.<name>` label heads the column) and whether every row needs it. */
export interface ColumnSpec {
  field: string;
  required: boolean;
  /** Other fields whose labels also name this column (e.g. a plain "Name" for a person's name). */
  aliases?: readonly string[];
  /** Phones and IDs: the template formats the column as text so "+" and leading zeros survive Excel and LibreOffice. */
  text?: boolean;
}

/** 0-based indexes of a template's text columns (for buildWorkbook). */
export function textColumns(columns: readonly ColumnSpec[]): number[] {
  return columns.flatMap((column, index) => (column.text ? [index] : []));
}

/** Every header text that names a field: its label in each of the seven languages, or the field name itself. */
function headerAliases(field: string): Set<string> {
  const aliases = new Set([normalizeHeader(field)]);
  for (const language of LANGUAGES) aliases.add(normalizeHeader(fieldLabel(language, field)));
  return aliases;
}

/** Template header row in the caller's language. */
export function templateHeaders(language: Language, columns: readonly ColumnSpec[]): string[] {
  return columns.map((column) => fieldLabel(language, column.field));
}

/** Collects the problems of an import; the file is refused as a whole when there is any. */
export class ImportProblems {
  readonly list: ImportProblem[] = [];
  constructor(private readonly language: Language) {}

  /** Records a problem at a row and column (null column: the row as a whole). */
  add(row: number, columnIndex: number | null, field: string, key: MessageKey, params: Record<string, string | number> = {}): void {
    const label = fieldLabel(this.language, field);
    this.list.push({
      row,
      column: columnIndex === null ? '' : columnLetter(columnIndex),
      field,
      message: formatMessage(this.language, key, { ...params, field: label }),
    });
  }

  /** Throws status 400 "import failed" with the listed problems when there is any; nothing has been written by then. */
  throwIfAny(): void {
    if (this.list.length === 0) return;
    throw new AppError(Status.BAD_REQUEST, 'import.failed', { count: this.list.length }, {
      problems: this.list.slice(0, IMPORT_ERRORS_LISTED_MAX),
      total: this.list.length,
    });
  }
}

/** Every header text that names each template column, for the reader in the worker. */
function sheetColumns(columns: readonly ColumnSpec[]): SheetColumn[] {
  return columns.map((column) => ({
    field: column.field,
    names: [...new Set([column.field, ...(column.aliases ?? [])].flatMap((field) => [...headerAliases(field)]))],
  }));
}

/** Where each template column was found; a missing required column is a problem. */
export function mapColumns(sheet: SheetData, columns: readonly ColumnSpec[], problems: ImportProblems, language: Language): Map<string, number> {
  const found = new Map<string, number>();
  for (const column of columns) {
    const index = sheet.found[column.field];
    if (index !== undefined) found.set(column.field, index);
    else if (column.required) problems.add(1, null, column.field, 'import.missingColumn', { column: fieldLabel(language, column.field) });
  }
  return found;
}

/** Reads one row's cells by field; cells of absent optional columns are empty. */
export function rowCells(cells: Record<string, SheetCell>, columns: Map<string, number>) {
  return {
    cell(field: string): SheetCell {
      return cells[field] ?? { text: '', date: null };
    },
    index(field: string): number | null {
      return columns.get(field) ?? null;
    },
  };
}

const sheetTasks = taskModule<typeof tasks>(import.meta.url, './sheet-tasks');

/** Time a spreadsheet may take to read: a full 5,000-row file needs well under a second. */
const SHEET_READ_TIME_LIMIT_MS = 15_000;

/**
 * Reads an uploaded spreadsheet in the worker pool (never on the event loop) and
 * finds the template's columns: answers the column of each field and the data rows.
 * Missing required columns, an empty sheet and a hostile file are refused here.
 */
export async function readImportSheet(workers: WorkerPool, bytes: Buffer, columns: readonly ColumnSpec[], problems: ImportProblems, language: Language) {
  const sheet = await workers.run(sheetTasks, 'readSheet', { bytes, columns: sheetColumns(columns) }, {
    timeLimitMs: SHEET_READ_TIME_LIMIT_MS,
    refusals: { failed: () => errors.badRequest('import.unreadable'), crashed: () => errors.badRequest('import.unreadable') },
  });
  const found = mapColumns(sheet, columns, problems, language);
  problems.throwIfAny();
  if (sheet.rows.length === 0) throw errors.badRequest('import.empty');
  return { columns: found, rows: sheet.rows };
}

/**
 * Checks a cell with the same contract schema the form uses: the parsed value, or
 * the message key of the first problem.
 */
export function checkCell<T extends z.ZodType>(schema: T, value: unknown): { ok: true; value: z.output<T> } | { ok: false; key: MessageKey } {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const message = result.error.issues[0]?.message ?? '';
  return { ok: false, key: isMessageKey(message) ? message : 'validation.invalid' };
}

/** Matches a cell against localized words (any language) for an enum, e.g. gender "Male", "男", "Weiblich". */
export function localizedChoice<T extends string>(text: string, choices: readonly T[], keyOf: (choice: T) => MessageKey): T | null {
  const wanted = normalizeHeader(text);
  if (!wanted) return null;
  for (const choice of choices) {
    if (normalizeHeader(choice) === wanted) return choice;
    for (const language of LANGUAGES) if (normalizeHeader(formatMessage(language, keyOf(choice))) === wanted) return choice;
  }
  return null;
}
