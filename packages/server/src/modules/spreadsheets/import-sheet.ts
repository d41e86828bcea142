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
import { AppError, fieldLabel } from '../../http/errors.ts';
import { columnLetter, type SheetCell, type SheetData } from './workbook.ts';

/** One template column: the field it fills (its `field.<name>` label heads the column) and whether every row needs it. */
export interface ColumnSpec {
  field: string;
  required: boolean;
  /** Other fields whose labels also name this column (e.g. a plain "Name" for a person's name). */
  aliases?: readonly string[];
}

const normalizeHeader = (text: string) => text.toLowerCase().replace(/[\s\u3000()（）:：*]/g, '');

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

/** Finds each template column among the headers (in any language); a missing required column is a problem. */
export function mapColumns(sheet: SheetData, columns: readonly ColumnSpec[], problems: ImportProblems, language: Language): Map<string, number> {
  const found = new Map<string, number>();
  const headers = sheet.headers.map(normalizeHeader);
  for (const column of columns) {
    const aliases = new Set([column.field, ...(column.aliases ?? [])].flatMap((field) => [...headerAliases(field)]));
    const index = headers.findIndex((header) => aliases.has(header));
    if (index >= 0) found.set(column.field, index);
    else if (column.required) problems.add(1, null, column.field, 'import.missingColumn', { column: fieldLabel(language, column.field) });
  }
  return found;
}

/** Reads one row's cells by field; cells of absent optional columns are empty. */
export function rowCells(cells: SheetCell[], columns: Map<string, number>) {
  return {
    cell(field: string): SheetCell {
      const index = columns.get(field);
      return index === undefined ? { text: '', date: null } : (cells[index] ?? { text: '', date: null });
    },
    index(field: string): number | null {
      return columns.get(field) ?? null;
    },
  };
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
