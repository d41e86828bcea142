import { DeleteOutlined, EditOutlined, EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, List, Modal, Skeleton, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enclosureDelete } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { useGeofences, useRefreshCare, type AreaNode, type Geofence } from './addressesApi.ts';
import { GeofenceEditDialog } from './GeofenceEditDialog.tsx';
import { ADDRESSES_NS } from './i18n.ts';

/** The geofences of an area (centre, radius, location keyword), with add, edit and delete. */
export function GeofenceDialog({ area, feedback, onClose }: { area: AreaNode | null; feedback: Feedback; onClose: () => void }) {
  const { t } = useTranslation(ADDRESSES_NS);
  const geofences = useGeofences(area?.id ?? null);
  const refresh = useRefreshCare();
  const [editing, setEditing] = useState<{ geofence: Geofence | null } | null>(null);

  const remove = (geofence: Geofence) =>
    feedback.modal.confirm({
      title: t('addresses.geofence.deleteTitle', { name: geofence.name }),
      content: t('addresses.confirm.cannotUndo'),
      okText: t('addresses.action.delete'),
      okButtonProps: { danger: true },
      cancelText: t('addresses.form.cancel'),
      onOk: async () => {
        try {
          await callApi(enclosureDelete, { id: geofence.id });
          feedback.message.success(t('addresses.message.geofenceDeleted'));
          await refresh();
        } catch (error) {
          feedback.message.error(errorText(error));
        }
      },
    });

  return (
    <Modal
      open={area !== null}
      title={t('addresses.geofence.title', { name: area?.name ?? '' })}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('addresses.form.close')}
        </Button>,
        <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ geofence: null })}>
          {t('addresses.geofence.add')}
        </Button>,
      ]}
    >
      {geofences.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : geofences.isError ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={errorText(geofences.error)} />
      ) : (
        <List<Geofence>
          dataSource={geofences.data ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('addresses.geofence.empty')} /> }}
          renderItem={(geofence) => (
            <List.Item
              actions={[
                <Tooltip key="edit" title={t('addresses.action.edit')}>
                  <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('addresses.geofence.editLabel', { name: geofence.name })}
                    onClick={() => setEditing({ geofence })} />
                </Tooltip>,
                <Tooltip key="delete" title={t('addresses.action.delete')}>
                  <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('addresses.geofence.deleteLabel', { name: geofence.name })}
                    onClick={() => remove(geofence)} />
                </Tooltip>,
              ]}
            >
              <List.Item.Meta
                avatar={<EnvironmentOutlined style={{ fontSize: 18, color: '#0f7b8a' }} />}
                title={geofence.name}
                description={t('addresses.geofence.summary', {
                  lat: geofence.centerLat.toFixed(6),
                  lng: geofence.centerLng.toFixed(6),
                  radius: geofence.radius,
                  keyword: geofence.keyword || '—',
                })}
              />
            </List.Item>
          )}
        />
      )}
      <GeofenceEditDialog
        areaId={editing && area ? area.id : null}
        geofence={editing?.geofence ?? null}
        feedback={feedback}
        onSaved={() => void refresh()}
        onClose={() => setEditing(null)}
      />
    </Modal>
  );
}
