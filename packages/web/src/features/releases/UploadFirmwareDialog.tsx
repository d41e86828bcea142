import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Progress, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_TYPES, REMARK_MAX, deviceTypeInfo, firmwarePost, firmwareUploadFile } from '@vigil/contracts';
import { callApi, uploadFile } from '../../api/client.ts';
import { FormSelect as Select } from '../../components/FormControls.tsx';
import { useLanguage } from '../../i18n/index.ts';
import { contractMessage, contractRule, requiredRule } from '../shared/contractRule.ts';
import { errorText } from '../shared/errorText.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import type { Feedback } from '../shared/useFeedback.tsx';
import { RELEASES_NS } from './i18n.ts';

interface FirmwareValues {
  deviceType: number;
  md5: string;
  remark?: string;
}

/** Upload a firmware .zip: type and MD5 first, then the file with progress; the server's checks are shown in place. */
export function UploadFirmwareDialog({ open, feedback, onClose }: { open: boolean; feedback: Feedback; onClose: () => void }) {
  const { t } = useTranslation(RELEASES_NS);
  const language = useLanguage();
  const [form] = Form.useForm<FirmwareValues>();
  const queryClient = useQueryClient();
  const picker = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const labels = { type: t('firmware.field.deviceType'), md5: t('firmware.field.md5'), file: t('firmware.field.file'), remark: t('firmware.field.remark') };

  function close() {
    setFile(null);
    setProblem(null);
    setPercent(null);
    onClose();
  }

  async function submit(values: FirmwareValues) {
    if (!file) {
      setProblem(contractMessage('firmware.uploadFirst', language));
      return;
    }
    setProblem(null);
    setPercent(0);
    try {
      const uploaded = await uploadFile(firmwareUploadFile, file, { deviceType: String(values.deviceType), md5: values.md5.trim() }, setPercent);
      await callApi(firmwarePost, { fileId: uploaded.fileId, remark: values.remark ?? '' });
      feedback.message.success(t('firmware.message.uploaded', { type: deviceTypeInfo(uploaded.deviceType)?.model ?? uploaded.deviceType, version: uploaded.version }));
      void queryClient.invalidateQueries({ queryKey: ['firmware'] });
      close();
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setPercent(null);
    }
  }

  return (
    <FormDialog<FirmwareValues>
      open={open}
      title={t('firmware.upload')}
      form={form}
      formName="uploadFirmware"
      okText={t('firmware.upload')}
      cancelText={t('releases.action.cancel')}
      submitting={percent !== null}
      onCancel={close}
      onSubmit={(values) => void submit(values)}
    >
      <Form.Item<FirmwareValues> name="deviceType" label={labels.type} rules={[requiredRule(language, labels.type)]}>
        <Select<number> showSearch optionFilterProp="label" options={DEVICE_TYPES.map((info) => ({ value: info.type, label: `${info.model} (${info.type})` }))} />
      </Form.Item>
      <Form.Item<FirmwareValues> name="md5" label={labels.md5} required rules={[contractRule((schemas) => schemas.md5Schema, language, { field: labels.md5 })]}>
        <Input maxLength={40} spellCheck={false} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item label={labels.file} required htmlFor="firmwareFile">
        <input
          ref={picker}
          id="firmwareFile"
          type="file"
          accept=".zip"
          aria-label={labels.file}
          style={{ display: 'none' }}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setProblem(null);
          }}
        />
        <Button icon={<UploadOutlined />} onClick={() => picker.current?.click()}>{t('releases.action.upload')}</Button>
        {file && <Typography.Text style={{ marginLeft: 8 }}>{file.name}</Typography.Text>}
      </Form.Item>
      <Form.Item<FirmwareValues> name="remark" label={labels.remark}>
        <Input.TextArea rows={2} showCount maxLength={REMARK_MAX} />
      </Form.Item>
      {percent !== null && <Progress percent={percent} aria-label={t('releases.form.uploading')} />}
      {problem && <Alert type="error" showIcon message={problem} role="alert" />}
    </FormDialog>
  );
}
