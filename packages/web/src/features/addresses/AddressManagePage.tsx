import { DownloadOutlined, ExportOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Grid, Row, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { batchAddBunk, bunkExcelModel, bunkExportData } from '@vigil/contracts';
import { uploadFile } from '../../api/client.ts';
import { SpreadsheetImportDialog } from '../care-shared/SpreadsheetImportDialog.tsx';
import { useDownload } from '../care-shared/useDownload.ts';
import { errorText } from '../shared/errorText.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { findPlace, type PlaceKey } from './addressCounts.ts';
import type { AddressDialog, AddressHandlers } from './addressDialogs.ts';
import { useAddressTree } from './addressesApi.ts';
import { AddressDialogs } from './AddressDialogs.tsx';
import { AddressTree } from './AddressTree.tsx';
import type { BedFilter } from './bedFilter.ts';
import { BedSummaryCards } from './BedSummaryCards.tsx';
import { PlaceDetail } from './PlaceDetail.tsx';
import { PlacePicker } from './PlacePicker.tsx';
import { TypedNameConfirm } from '../shared/TypedNameConfirm.tsx';
import { useAddressActions } from './useAddressActions.ts';
import './addresses.css';
import { ADDRESSES_NS } from './i18n.ts';

/** /BunkManage/index: the address tree (area → floor → room → bed) with counts, batch add, rename, delete, import and export. */
export function AddressManagePage() {
  const { t } = useTranslation(ADDRESSES_NS);
  const feedback = useFeedback();
  const tree = useAddressTree();
  const actions = useAddressActions(feedback);
  const downloads = useDownload(feedback);
  const [selected, setSelected] = useState<PlaceKey | null>(null);
  const [dialog, setDialog] = useState<AddressDialog | null>(null);
  const [importing, setImporting] = useState(false);
  const [filter, setFilter] = useState<BedFilter>('all');
  const wide = Boolean(Grid.useBreakpoint().lg);
  const handlers: AddressHandlers = { open: setDialog, remove: actions.remove };

  const areas = tree.data ?? [];
  // The selection falls back to the first area (on arrival, or after the selected place is deleted).
  const place = findPlace(areas, selected) ?? (areas[0] ? { area: areas[0], floor: null } : null);
  const selectedKey: PlaceKey | null = place ? (place.floor ? `floor-${place.floor.id}` : `area-${place.area.id}`) : null;

  const toolbar = (
    <Flex wrap gap={8} justify="flex-end" style={{ marginBottom: 16 }}>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'addArea' })}>
        {t('addresses.action.addArea')}
      </Button>
      <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
        {t('addresses.action.import')}
      </Button>
      <Button icon={<DownloadOutlined />} loading={downloads.running === 'template'} onClick={() => void downloads.download('template', bunkExcelModel)}>
        {t('addresses.action.template')}
      </Button>
      <Button icon={<ExportOutlined />} loading={downloads.running === 'export'} onClick={() => void downloads.download('export', bunkExportData)}>
        {t('addresses.action.export')}
      </Button>
    </Flex>
  );

  return (
    <div className="address-page">
      {feedback.holder}
      {toolbar}
      <BedSummaryCards />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xxl={6}>
          <Card title={wide ? t('addresses.tree.title') : undefined} size={wide ? 'default' : 'small'} styles={{ body: { padding: 12 } }}>
            {tree.isLoading ? (
              <Skeleton active />
            ) : tree.isError ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={errorText(tree.error)} />
            ) : areas.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('addresses.tree.empty')}>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'addArea' })}>
                  {t('addresses.action.addArea')}
                </Button>
              </Empty>
            ) : wide ? (
              <AddressTree tree={areas} selected={selectedKey} onSelect={setSelected} handlers={handlers} />
            ) : (
              <PlacePicker tree={areas} selected={selectedKey} onSelect={setSelected} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={16} xxl={18}>
          {place ? (
            <PlaceDetail area={place.area} floor={place.floor} filter={filter} onFilter={setFilter} handlers={handlers} />
          ) : (
            !tree.isLoading && (
              <Card>
                <Empty description={t('addresses.detail.nothingSelected')} />
              </Card>
            )
          )}
        </Col>
      </Row>
      <TypedNameConfirm {...actions.typedDeleteDialog} />
      <AddressDialogs dialog={dialog} feedback={feedback} onClose={() => setDialog(null)} onPlaceAdded={setSelected} />
      <SpreadsheetImportDialog
        open={importing}
        title={t('addresses.import.title')}
        upload={(file, onProgress) => uploadFile(batchAddBunk, file, {}, onProgress)}
        onDownloadTemplate={() => void downloads.download('template', bunkExcelModel)}
        templateLoading={downloads.running === 'template'}
        onImported={() => void actions.refresh()}
        onClose={() => setImporting(false)}
      />
    </div>
  );
}
