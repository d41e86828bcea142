import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Input, List, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { grayDeviceDelete, grayDeviceImport, grayDeviceList, grayDevicePost, type Firmware } from '@vigil/contracts';
import { callApi, uploadFile } from '../../api/client.ts';
import { IMPORT_MAX_MB } from '../care-shared/importProblems.ts';
import { SpreadsheetImportDialog } from '../care-shared/SpreadsheetImportDialog.tsx';
import { useActionRunner } from '../shared/useActionRunner.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { RELEASES_NS } from './i18n.ts';

/** A package's gray whitelist: add device IDs (typed or pasted), take one off. */
export function GrayDevicesDialog({ firmware, feedback, onClose }: { firmware: Firmware | null; feedback: Feedback; onClose: () => void }) {
  const { t } = useTranslation(RELEASES_NS);
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [importing, setImporting] = useState(false);
  const list = useQuery({
    queryKey: ['firmware', 'gray', firmware?.id],
    queryFn: () => (firmware ? callApi(grayDeviceList, { firmwareId: firmware.id }) : Promise.resolve([])),
    enabled: firmware !== null,
  });
  const run = useActionRunner(feedback, () => queryClient.invalidateQueries({ queryKey: ['firmware'] }));
  const editable = firmware?.status === 'unpublished' || firmware?.status === 'grayscale';

  return (
    <Modal open={firmware !== null} title={firmware ? `${t('firmware.field.gray')} · ${firmware.model} ${firmware.version}` : ''} onCancel={onClose} footer={<Button onClick={onClose}>{t('releases.action.close')}</Button>} destroyOnHidden>
      {editable && (
        <Flex gap={8} vertical style={{ marginBottom: 16 }}>
          <Input.TextArea rows={3} value={text} onChange={(event) => setText(event.target.value)} aria-label={t('firmware.gray.hint')} placeholder={t('firmware.gray.hint')} />
          <Flex gap={8} justify="flex-end" wrap>
            <Button onClick={() => setImporting(true)}>{t('firmware.action.import')}</Button>
            <Button
              type="primary"
              onClick={() => {
                if (!firmware) return;
                const deviceIds = text.split(/[\s,;，]+/).map((id) => id.trim()).filter(Boolean);
                void run(() => callApi(grayDevicePost, { firmwareId: firmware.id, deviceIds }), t('releases.message.saved')).then(() => setText(''));
              }}
            >
              {t('firmware.action.add')}
            </Button>
          </Flex>
        </Flex>
      )}
      {firmware && (
        <SpreadsheetImportDialog
          open={importing}
          title={t('firmware.gray.importTitle')}
          hint={t('firmware.gray.importHint', { max: IMPORT_MAX_MB })}
          // All rows are checked on the server (each like an added ID); any problem adds none, and the
          // report lists every row's problem in the interface language.
          upload={(file, onProgress) => uploadFile(grayDeviceImport, file, {}, onProgress, { firmwareId: firmware.id }).then((result) => ({ imported: result.added }))}
          onImported={() => void queryClient.invalidateQueries({ queryKey: ['firmware'] })}
          onClose={() => setImporting(false)}
        />
      )}
      <List
        loading={list.isFetching}
        locale={{ emptyText: t('firmware.gray.empty') }}
        dataSource={list.data ?? []}
        renderItem={(row) => (
          <List.Item
            actions={editable && firmware ? [
              <Button key="delete" size="small" danger onClick={() => void run(() => callApi(grayDeviceDelete, { firmwareId: firmware.id, deviceId: row.deviceId }), t('releases.message.deleted'))}>
                {t('firmware.action.delete')}
              </Button>,
            ] : []}
          >
            <Flex gap={8} wrap>
              <span>{row.deviceId}</span>
              <Tag color={row.online ? 'green' : 'default'}>{row.firmwareVersion ?? '—'}</Tag>
            </Flex>
          </List.Item>
        )}
      />
    </Modal>
  );
}
