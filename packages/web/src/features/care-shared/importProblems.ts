import { IMPORT_MAX_BYTES, type ImportProblem } from '@vigil/contracts';
import { loadContractSchemas } from '../shared/contractRule.ts';

/** A rejected import: the problems the server listed and how many it found in all. */
export interface ImportRejection {
  problems: ImportProblem[];
  total: number;
}

/** Reads the `{problems, total}` a rejected import answers with (status 400); null for any other failure. */
export async function readImportRejection(data: unknown): Promise<ImportRejection | null> {
  if (typeof data !== 'object' || data === null || !('problems' in data)) return null;
  const { importProblemSchema } = await loadContractSchemas();
  const parsed = importProblemSchema.array().safeParse(data.problems);
  if (!parsed.success || parsed.data.length === 0) return null;
  const total = 'total' in data && typeof data.total === 'number' ? data.total : parsed.data.length;
  return { problems: parsed.data, total: Math.max(total, parsed.data.length) };
}

/** Why a chosen file cannot be sent: wrong kind or too large; null when it may be uploaded. */
export function spreadsheetFileProblem(file: { name: string; size: number }): 'format' | 'tooLarge' | null {
  if (!/\.xlsx?$/i.test(file.name)) return 'format';
  if (file.size > IMPORT_MAX_BYTES) return 'tooLarge';
  return null;
}

/** The upload limit in whole megabytes, for messages. */
export const IMPORT_MAX_MB = Math.round(IMPORT_MAX_BYTES / (1024 * 1024));
