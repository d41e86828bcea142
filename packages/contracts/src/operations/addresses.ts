import { z } from 'zod';
import { DEVICE_CODE_MAX } from '../limits.ts';
import { booleanish, idSchema, nullOutput, pageOf, pageQuerySchema } from './common.ts';
import { batchNamesSchema, CARE_ROLES, fileOutput, importResultSchema, placeNameSchema, spreadsheetUpload } from './care-common.ts';
import { defineOperation } from './define.ts';

/** 1: area, building or community; 2: floor or unit inside one. */
export const AreaLevelSchema = z.union([z.literal(1), z.literal(2)]);

export const areaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  level: AreaLevelSchema,
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  floorCount: z.number().int().describe('Floors of a level-1 area (0 for floors)'),
  roomCount: z.number().int(),
  bedCount: z.number().int(),
});
export type Area = z.infer<typeof areaSchema>;

export const roomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  floorId: z.number().int(),
  floorName: z.string(),
  buildingId: z.number().int(),
  buildingName: z.string(),
  bedCount: z.number().int(),
});
export type Room = z.infer<typeof roomSchema>;

export const bunkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  roomId: z.number().int(),
  roomName: z.string(),
  floorId: z.number().int(),
  floorName: z.string(),
  buildingId: z.number().int(),
  buildingName: z.string(),
  deviceCode: z.string().nullable(),
  residentId: z.number().int().nullable(),
  residentName: z.string().nullable(),
});
export type Bunk = z.infer<typeof bunkSchema>;

const deviceCodeSchema = z
  .string()
  .trim()
  .max(DEVICE_CODE_MAX, { error: 'validation.tooLong' })
  .regex(/^[A-Za-z0-9_.:-]*$/, { error: 'validation.deviceCode' })
  .optional()
  .nullable()
  .transform((code) => (code ? code : null));

/** A device bound to a bed, as the bed pickers show it (issue 25 item 17: which beds already have one). */
const bedDeviceSchema = z.object({ deviceId: z.string(), deviceType: z.number().int() });

const addressTreeSchema = z.array(
  areaSchema.extend({
    floors: z.array(areaSchema.extend({ rooms: z.array(roomSchema.extend({ beds: z.array(bunkSchema.extend({ devices: z.array(bedDeviceSchema) })) })) })),
  }),
);

const CARE = CARE_ROLES;

// ---- Areas (buildings or communities) and floors -------------------------------------------

export const getAreaList = defineOperation({
  id: 'area.getAreaList', method: 'POST', path: '/area/getAreaList', tag: 'addresses', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Areas (level 1) and floors (level 2) of the provider the user works in, buildings first then by name',
  input: z.object({ parentId: idSchema.optional().nullable(), level: AreaLevelSchema.optional() }),
  output: z.array(areaSchema),
});

export const insertArea = defineOperation({
  id: 'area.insertArea', method: 'POST', path: '/area/insertArea', tag: 'addresses', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Add an area (no parentId) or a floor (parentId = an area). Names are unique among siblings, case-insensitively',
  input: z.object({ name: placeNameSchema, parentId: idSchema.optional().nullable() }),
  output: z.object({ id: z.number().int() }),
});

export const updateArea = defineOperation({
  id: 'area.updateArea', method: 'POST', path: '/area/updateArea', tag: 'addresses', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Rename an area or floor',
  input: z.object({ id: idSchema, name: placeNameSchema }),
  output: nullOutput,
});

export const deleteAreaById = defineOperation({
  id: 'area.deleteAreaById', method: 'GET', path: '/area/deleteAreaById', tag: 'addresses', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Delete an empty area or floor; an area with floors or a floor with rooms is refused (status 300, msg says why)',
  input: z.object({ id: idSchema }),
  output: nullOutput,
});

export const getAreaWithRoomList = defineOperation({
  id: 'area.getAreaWithRoomList', method: 'POST', path: '/area/getAreaWithRoomList', tag: 'addresses', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'The whole address tree: areas → floors → rooms → beds (with resident, device code and the devices bound to each bed)',
  input: z.object({}),
  output: addressTreeSchema,
});

export const getRoomListByAreaId = defineOperation({
  id: 'area.getRoomListByAreaId', method: 'GET', path: '/area/getRoomListByAreaId', tag: 'addresses', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Rooms of a floor, or of every floor of an area',
  input: z.object({ areaId: idSchema }),
  output: z.array(roomSchema),
});

// ---- Rooms -------------------------------------------------------------------------------

export const getRoomList = defineOperation({
  id: 'room.getRoomList', method: 'POST', path: '/room/getRoomList', tag: 'addresses', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Page of rooms, optionally of one area or floor, keyWord matching the room name',
  input: pageQuerySchema.extend({ areaId: idSchema.optional().nullable() }),
  output: pageOf(roomSchema),
});

export const insertRooms = defineOperation({
  id: 'room.insert', method: 'POST', path: '/room/insert', tag: 'addresses', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Add rooms to a floor from comma-separated names: all or nothing; a bad or taken name is named in msg (data.name)',
  input: z.object({ floorId: idSchema, names: batchNamesSchema }),
  output: z.object({ ids: z.array(z.number().int()) }),
});

export const updateRoom = defineOperation({
  id: 'room.updateRoom', method: 'POST', path: '/room/updateRoom', tag: 'addresses', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Rename a room (unique within its floor)',
  input: z.object({ id: idSchema, name: placeNameSchema }),
  output: nullOutput,
});

export const deleteRoomById = defineOperation({
  id: 'room.deleteRoomById', method: 'GET', path: '/room/deleteRoomById', tag: 'addresses', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Delete a room without beds; a room with beds is refused (status 300)',
  input: z.object({ id: idSchema }),
  output: nullOutput,
});

// ---- Beds (bunks) -------------------------------------------------------------------------

export const bunkSummary = defineOperation({
  id: 'bunkManagement.bunkSummary', method: 'GET', path: '/bunkManagement/bunkSummary', tag: 'beds', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Bed counts: total, occupied (linked to a resident), vacant, with a device',
  input: z.object({}),
  output: z.object({ total: z.number().int(), occupied: z.number().int(), vacant: z.number().int(), withDevice: z.number().int() }),
});

export const bunkList = defineOperation({
  id: 'bunkManagement.bunkList', method: 'POST', path: '/bunkManagement/bunkList', tag: 'beds', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Page of beds; filters: area or floor, room, occupied; keyWord matches bed, room or resident name',
  input: pageQuerySchema.extend({ areaId: idSchema.optional().nullable(), roomId: idSchema.optional().nullable(), occupied: booleanish.optional().nullable() }),
  output: pageOf(bunkSchema),
});

export const insertBunks = defineOperation({
  id: 'bunk.insert', method: 'POST', path: '/bunk/insert', tag: 'beds', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Add beds to a room from comma-separated names: all or nothing, the offending name named',
  input: z.object({ roomId: idSchema, names: batchNamesSchema }),
  output: z.object({ ids: z.array(z.number().int()) }),
});

/** The input of `updateBunk`, also the console form's rules. */
export const updateBunkInputSchema = z.object({ id: idSchema, name: placeNameSchema, deviceCode: deviceCodeSchema });

export const updateBunk = defineOperation({
  id: 'bunkManagement.updateBunk', method: 'POST', path: '/bunkManagement/updateBunk', tag: 'beds', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Rename a bed (unique within its room) and set or clear its device code',
  input: updateBunkInputSchema,
  output: nullOutput,
});

export const deleteBunk = defineOperation({
  id: 'bunkManagement.deleteBunk', method: 'GET', path: '/bunkManagement/deleteBunk', tag: 'beds', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Delete a bed; a bed linked to a resident is refused (status 300) until the resident moves or is logged out',
  input: z.object({ id: idSchema }),
  output: nullOutput,
});

export const bunkRoomList = defineOperation({
  id: 'bunkManagement.getRoomList', method: 'GET', path: '/bunkManagement/getRoomList', tag: 'beds', encoding: 'query', auth: 'session', roles: [...CARE, 'MAINTAIN'],
  summary: 'Every room (optionally of one area or floor) for bed pickers',
  input: z.object({ areaId: idSchema.optional() }),
  output: z.array(roomSchema),
});

export const getBunksByRoomName = defineOperation({
  id: 'bunkManagement.getBunksByRoomName', method: 'GET', path: '/bunkManagement/getBunksByRoomName', tag: 'beds', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Beds of the rooms with this name (optionally within one area or floor)',
  input: z.object({ roomName: placeNameSchema, areaId: idSchema.optional() }),
  output: z.array(bunkSchema),
});

export const bunkCheckOut = defineOperation({
  id: 'bunkManagement.checkOut', method: 'POST', path: '/bunkManagement/checkOut', tag: 'beds', encoding: 'json', auth: 'session', roles: CARE,
  summary: 'Check out the admitted resident on this bed (data and bed link kept; see /user/getUserCheckIn)',
  input: z.object({ id: idSchema.describe('Bed id') }),
  output: nullOutput,
});

export const getBunkListByRoomId = defineOperation({
  id: 'bunk.getBunkListByRoomId', method: 'GET', path: '/bunk/getBunkListByRoomId', tag: 'beds', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Beds of one room',
  input: z.object({ roomId: idSchema }),
  output: z.array(bunkSchema),
});

export const batchAddBunk = defineOperation({
  id: 'bunk.batchAddBunk', method: 'POST', path: '/bunk/batchAddBunk', tag: 'beds', encoding: 'multipart', auth: 'session', roles: CARE,
  summary: 'Import beds from the template (area, floor, room, bed, device code); missing areas, floors and rooms are created; all or nothing',
  input: spreadsheetUpload,
  output: importResultSchema,
});

export const bunkExcelModel = defineOperation({
  id: 'bunk.excelModel', method: 'GET', path: '/bunk/excelModel', tag: 'beds', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Bed import template (.xlsx, headers in the caller\'s language)',
  input: z.object({}),
  output: fileOutput,
});

export const bunkExportData = defineOperation({
  id: 'bunk.exportData', method: 'GET', path: '/bunk/exportData', tag: 'beds', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Every bed (optionally of one area or floor) as .xlsx in the import template\'s layout',
  input: z.object({ areaId: idSchema.optional() }),
  output: fileOutput,
});

export const getUserBunkList = defineOperation({
  id: 'userBunk.getUserBunkList', method: 'GET', path: '/userBunk/getUserBunkList', tag: 'beds', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Beds with their residents (linked beds only unless all=true), optionally of one area or floor',
  input: z.object({ areaId: idSchema.optional(), all: booleanish.optional() }),
  output: z.array(bunkSchema),
});

export const getUserBunkConfiguration = defineOperation({
  id: 'userBunk.getConfiguration', method: 'GET', path: '/userBunk/getConfiguration', tag: 'beds', encoding: 'query', auth: 'session', roles: CARE,
  summary: 'Counts of each address level and of residents: tells the console which pickers have anything to offer',
  input: z.object({}),
  output: z.object({ areas: z.number().int(), floors: z.number().int(), rooms: z.number().int(), beds: z.number().int(), residents: z.number().int() }),
});

export const getAdminBunkList = defineOperation({
  id: 'system.getAdminBunkList', method: 'GET', path: '/system/getAdminBunkList', tag: 'beds', encoding: 'query', auth: 'session', roles: [...CARE, 'MAINTAIN'],
  summary: 'Every bed of the provider with a full label "area / floor / room / bed", for device binding pickers',
  input: z.object({ vacantOnly: booleanish.optional() }),
  output: z.array(z.object({ id: z.number().int(), label: z.string(), deviceCode: z.string().nullable(), residentId: z.number().int().nullable() })),
});
