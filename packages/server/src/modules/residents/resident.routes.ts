import * as api from '@vigil/contracts';
import type { OperationRegistrar } from '../../http/register.ts';
import { readUpload, spreadsheetFile } from '../spreadsheets/workbook.ts';
import type { ResidentService } from './resident.service.ts';
import type { ResidentSpreadsheet } from './resident-spreadsheet.ts';
import type { ResidentStateService } from './resident-state.service.ts';

/** Residents (/userManagement, /user, /getUserMessageById), check-out by bed, and relatives (/app). */
export function residentRoutes(routes: OperationRegistrar, residents: ResidentService, states: ResidentStateService, spreadsheet: ResidentSpreadsheet): void {
  routes.secured(api.userSummary, async (_input, { session }) => residents.summary(session));
  routes.secured(api.userList, async (input, { session }) => residents.list(session, input));
  routes.secured(api.getUserMessageById, async (input, { session }) => residents.get(session, input.id));
  routes.secured(api.insertUser, async (input, { session }) => residents.insert(session, input));
  routes.secured(api.updateUser, async (input, { session }) => residents.update(session, input));
  routes.secured(api.deleteResident, async (input, { session }) => residents.remove(session, input.id));
  routes.secured(api.getUserCheckIn, async (input, { session }) => states.checkIn(session, input));
  routes.secured(api.transientPost, async (input, { session }) => states.markAway(session, input));
  routes.secured(api.transientDelete, async (input, { session }) => states.markBack(session, input.userId));
  routes.secured(api.bunkCheckOut, async (input, { session }) => states.checkOutBed(session, input.id));
  routes.secured(api.deleteUserFamily, async (input, { session }) => states.deleteContact(session, input.id));
  routes.secured(api.resetRelativePassword, async (input, { session }) => states.resetRelative(session, input.id));

  routes.secured(api.residentExcelModel, async (_input, { language }) => {
    const file = spreadsheet.template(language);
    return spreadsheetFile(file.fileName, file.bytes);
  });
  routes.secured(api.residentExportData, async (input, { session, language }) => {
    const file = await spreadsheet.export(session, language, input);
    return spreadsheetFile(file.fileName, file.bytes);
  });
  routes.secured(api.residentBatchAdd, async (_input, { session, language }, request) => spreadsheet.import(session, language, await readUpload(request)));
}
