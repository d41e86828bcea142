import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { VERSION_NAME_MAX, addH5Version, updateH5Version, type H5Version } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { useLanguage } from '../../i18n/index.ts';
import { contractRule, requiredRule } from '../shared/contractRule.ts';
import { errorText } from '../shared/errorText.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import type { Feedback } from '../shared/useFeedback.tsx';
import { PackageUpload } from './PackageUpload.tsx';
import { H5_VERSIONS_KEY } from './releasesApi.ts';
import { RELEASES_NS } from './i18n.ts';

interface H5Values {
  version: string;
  fileId: string | null;
}

/** Add or edit an H5 version: its version (digits and dots) and its uploaded file (required). */
export function H5VersionDialog({ open, editing, feedback, onClose }: { open: boolean; editing: H5Version | null; feedback: Feedback; onClose: () => void }) {
  const { t } = useTranslation(RELEASES_NS);
  const language = useLanguage();
  const [form] = Form.useForm<H5Values>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: H5Values) => {
      const input = { version: values.version, fileId: values.fileId ?? '' };
      return editing ? callApi(updateH5Version, { ...input, id: editing.id }) : callApi(addH5Version, input);
    },
    onSuccess: () => {
      feedback.message.success(t('releases.message.saved'));
      void queryClient.invalidateQueries({ queryKey: ['releases'] });
      onClose();
    },
    onError: (error) => void feedback.message.error(errorText(error)),
  });
  const labels = { version: t('releases.field.version'), file: t('releases.field.file') };

  return (
    <FormDialog<H5Values>
      open={open}
      title={editing ? t('releases.h5.edit') : t('releases.h5.add')}
      form={form}
      formName="h5Version"
      okText={t('releases.action.save')}
      cancelText={t('releases.action.cancel')}
      submitting={save.isPending}
      onCancel={onClose}
      onSubmit={(values) => save.mutate(values)}
      initialValues={editing ? { version: editing.version, fileId: editing.file.fileId } : {}}
    >
      <Form.Item<H5Values> name="version" label={labels.version} required extra={t('releases.form.versionHint', { max: VERSION_NAME_MAX })}
        rules={[contractRule((schemas) => schemas.versionNameSchema, language, { field: labels.version })]}>
        <Input maxLength={VERSION_NAME_MAX + 5} inputMode="decimal" />
      </Form.Item>
      <Form.Item<H5Values> name="fileId" label={labels.file} extra={editing ? editing.file.fileName : t('releases.h5.fileHint')}
        rules={[requiredRule(language, labels.file, 'release.h5FileRequired')]}>
        <PackageUpload accept=".zip,.wgt" aria-label={labels.file} />
      </Form.Item>
    </FormDialog>
  );
}
