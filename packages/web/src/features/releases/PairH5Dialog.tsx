import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, List, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addAppH5Version, deleteAppH5Version, type AppVersion } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { useActionRunner } from '../shared/useActionRunner.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { useH5Versions, usePairedH5 } from './releasesApi.ts';
import { RELEASES_NS } from './i18n.ts';

const CHOICES = 200;

/** The H5 versions an app version runs: add one from the list, unpair one. */
export function PairH5Dialog({ version, feedback, onClose }: { version: AppVersion | null; feedback: Feedback; onClose: () => void }) {
  const { t } = useTranslation(RELEASES_NS);
  const queryClient = useQueryClient();
  const paired = usePairedH5(version?.id ?? null);
  const all = useH5Versions({ pageNum: 1, pageSize: CHOICES });
  const [choice, setChoice] = useState<number | null>(null);
  const run = useActionRunner(feedback, () => queryClient.invalidateQueries({ queryKey: ['releases'] }));
  const pairedIds = new Set((paired.data ?? []).map((row) => row.id));
  const options = (all.data?.rows ?? []).filter((row) => !pairedIds.has(row.id)).map((row) => ({ value: row.id, label: `${row.version} · ${row.file.fileName}` }));

  return (
    <Modal
      open={version !== null}
      title={version ? t('releases.pair.title', { name: `${version.versionName} (${version.buildNumber})` }) : ''}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('releases.action.close')}</Button>}
      destroyOnHidden
    >
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Select<number>
          aria-label={t('releases.pair.choose')}
          placeholder={t('releases.pair.choose')}
          style={{ flex: 1, minWidth: 200 }}
          options={options}
          value={choice}
          onChange={setChoice}
        />
        <Button
          type="primary"
          disabled={choice === null || !version}
          onClick={() => {
            if (!version || choice === null) return;
            void run(() => callApi(addAppH5Version, { appVersionId: version.id, h5VersionId: choice }), t('releases.message.saved')).then(() => setChoice(null));
          }}
        >
          {t('releases.action.pair')}
        </Button>
      </Flex>
      <List
        loading={paired.isFetching}
        locale={{ emptyText: t('releases.pair.empty') }}
        dataSource={paired.data ?? []}
        renderItem={(row) => (
          <List.Item
            actions={[
              <Button key="unpair" size="small" danger onClick={() => version && void run(() => callApi(deleteAppH5Version, { appVersionId: version.id, h5VersionId: row.id }), t('releases.message.saved'))}>
                {t('releases.action.unpair')}
              </Button>,
            ]}
          >
            {`${row.version} · ${row.file.fileName}`}
          </List.Item>
        )}
      />
    </Modal>
  );
}
