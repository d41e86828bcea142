import * as api from '@vigil/contracts';
import type { OperationRegistrar } from '../../http/register.ts';
import { readUpload, spreadsheetFile } from '../spreadsheets/workbook.ts';
import type { CaregiverService } from './caregiver.service.ts';
import type { CaregiverSpreadsheet } from './caregiver-spreadsheet.ts';

/** Caregivers (/nursing). */
export function caregiverRoutes(routes: OperationRegistrar, caregivers: CaregiverService, spreadsheet: CaregiverSpreadsheet): void {
  routes.secured(api.queryNursingList, async (input, { session }) => caregivers.list(session, input));
  routes.secured(api.getNursing, async (input, { session }) => caregivers.get(session, input.id));
  routes.secured(api.insertNursing, async (input, { session }) => caregivers.insert(session, input));
  routes.secured(api.operateNursing, async (input, { session }) => caregivers.operate(session, input));
  routes.secured(api.resetNursingPassword, async (input, { session }) => caregivers.resetPassword(session, input.id));
  routes.secured(api.deleteNursing, async (input, { session }) => caregivers.remove(session, input.id));
  routes.secured(api.nursingExcelModel, async (_input, { language }) => {
    const file = spreadsheet.template(language);
    return spreadsheetFile(file.fileName, file.bytes);
  });
  routes.secured(api.nursingExportData, async (_input, { session, language }) => {
    const file = await spreadsheet.export(session, language);
    return spreadsheetFile(file.fileName, file.bytes);
  });
  routes.secured(api.nursingBatchAdd, async (_input, { session, language }, request) => spreadsheet.import(session, language, await readUpload(request)));
}
