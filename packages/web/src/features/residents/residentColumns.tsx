import { StarFilled } from '@ant-design/icons';
import { Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { Resident } from '@vigil/contracts';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { RowActions } from '../shared/RowActions.tsx';
import { ABSENCE_REASON_KEYS } from './absenceLabels.ts';
import { GENDER_LABEL_KEYS, STATE_LABEL_KEYS } from './residentLabels.ts';
import { STATE_COLORS, stateActions } from './residentStates.ts';

export interface ResidentRowActions {
  edit: (resident: Resident) => void;
  checkIn: (resident: Resident) => void;
  checkOut: (resident: Resident) => void;
  deregister: (resident: Resident) => void;
  remove: (resident: Resident) => void;
  /** Everything Vigil holds about the resident, as one .zip (docs/audit.md "Personal data"). */
  personalData: (resident: Resident) => void;
  /** Erases a checked-out resident's personal data, keeping anonymised statistics. */
  erase: (resident: Resident) => void;
  markAway: (resident: Resident) => void;
  markBack: (resident: Resident) => void;
}

const DASH = '—';

/** "Building / floor / room / bed", or null without a bed. */
export function bedLabel(resident: Pick<Resident, 'buildingName' | 'floorName' | 'roomName' | 'bunkName'>): string | null {
  if (!resident.bunkName) return null;
  return [resident.buildingName, resident.floorName, resident.roomName, resident.bunkName].filter(Boolean).join(' / ');
}

function stateCell(resident: Resident, t: TFunction<'residents'>, language: string, phone: boolean) {
  const when = resident.state === 'admitted' ? resident.checkInAt : resident.state === 'checkedOut' ? resident.checkOutAt : resident.state === 'deregistered' ? resident.deregisteredAt : null;
  return (
    <>
      <Tag color={STATE_COLORS[resident.state]}>{t(STATE_LABEL_KEYS[resident.state])}</Tag>
      {resident.away && (
        <Tooltip title={[t(ABSENCE_REASON_KEYS[resident.away.reason]), resident.away.until !== null ? t('residents.absence.back', { time: formatDateTime(resident.away.until, language) }) : null, resident.away.remark].filter(Boolean).join(' · ')}>
          <Tag color="purple">{t('residents.absence.tag')}</Tag>
        </Tooltip>
      )}
      {when !== null && (
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: phone ? 'normal' : 'nowrap' }}>
            {formatDateTime(when, language)}
          </Typography.Text>
        </div>
      )}
    </>
  );
}

/**
 * Columns of the resident table, with the row actions. On a phone (`phone`) the table keeps to
 * the width: name with the bed under it, state, and every action under "More"; the other columns
 * wait for a wider screen (issue 25 item 14: it scrolled sideways at 390 px).
 */
export function residentColumns(options: { t: TFunction<'residents'>; language: string; pinActions: boolean; phone?: boolean; actions: ResidentRowActions }): TableColumnsType<Resident> {
  const { t, language, pinActions, phone = false, actions } = options;
  return [
    {
      title: t('residents.column.name'),
      key: 'name',
      render: (_, row) => (
        <>
          <Typography.Text strong style={{ whiteSpace: phone ? 'normal' : 'nowrap' }}>
            {row.name}
          </Typography.Text>{' '}
          {row.attention && (
            <Tooltip title={t('residents.attention.on')}>
              <StarFilled style={{ color: '#faad14' }} aria-label={t('residents.attention.on')} role="img" />
            </Tooltip>
          )}
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: phone ? 'normal' : 'nowrap' }}>
              {t(GENDER_LABEL_KEYS[row.gender])} · {t('residents.column.ageValue', { age: row.age })}
            </Typography.Text>
          </div>
          {phone && <div className="resident-phone-bed">{bedLabel(row) ?? t('residents.bed.none')}</div>}
        </>
      ),
    },
    { title: t('residents.column.bed'), key: 'bed', hidden: phone, render: (_, row) => bedLabel(row) ?? <Typography.Text type="secondary">{t('residents.bed.none')}</Typography.Text> },
    { title: t('residents.column.state'), key: 'state', render: (_, row) => stateCell(row, t, language, phone) },
    { title: t('residents.column.careLevel'), key: 'careLevel', hidden: phone, render: (_, row) => (row.careLevel === null ? DASH : t('residents.careLevel.value', { level: row.careLevel })) },
    {
      title: t('residents.column.contacts'),
      key: 'contacts',
      hidden: phone,
      render: (_, row) => {
        const first = row.contacts[0];
        if (!first) return DASH;
        return (
          <>
            <div style={{ whiteSpace: 'nowrap' }}>
              {first.name} · {first.phone}
            </div>
            {row.contacts.length > 1 && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('residents.column.moreContacts', { count: row.contacts.length - 1 })}
              </Typography.Text>
            )}
          </>
        );
      },
    },
    {
      title: t('residents.column.caregivers'),
      key: 'caregivers',
      hidden: phone,
      render: (_, row) => {
        if (row.caregivers.length === 0) return DASH;
        const names = row.caregivers.map((caregiver) => caregiver.name).join(', ');
        return (
          <Typography.Text ellipsis={{ tooltip: names }} style={{ maxWidth: 180 }}>
            {names}
          </Typography.Text>
        );
      },
    },
    {
      title: t('residents.column.actions'),
      key: 'actions',
      fixed: pinActions ? 'right' : undefined,
      render: (_, row) => {
        const allowed = stateActions(row.state);
        const first = [
          { key: 'edit', label: t('residents.action.edit'), onClick: () => actions.edit(row) },
          allowed.checkOut
            ? { key: 'checkOut', label: t('residents.action.checkOut'), onClick: () => actions.checkOut(row) }
            : { key: 'checkIn', label: t('residents.action.checkIn'), onClick: () => actions.checkIn(row) },
        ];
        const rest = [
          row.away
            ? { key: 'back', label: t('residents.action.markBack'), onClick: () => actions.markBack(row) }
            : { key: 'away', label: t('residents.action.markAway'), disabled: row.state !== 'admitted', onClick: () => actions.markAway(row) },
          { key: 'deregister', label: t('residents.action.deregister'), disabled: !allowed.deregister, onClick: () => actions.deregister(row) },
          { key: 'personalData', label: t('residents.action.personalData'), onClick: () => actions.personalData(row) },
          { key: 'erase', label: t('residents.action.erase'), danger: true, disabled: row.state !== 'checkedOut' && row.state !== 'deregistered', onClick: () => actions.erase(row) },
          { key: 'delete', label: t('residents.action.delete'), danger: true, onClick: () => actions.remove(row) },
        ];
        return <RowActions moreLabel={t('residents.action.more')} actions={phone ? [] : first} more={phone ? [...first, ...rest] : rest} />;
      },
    },
  ];
}
