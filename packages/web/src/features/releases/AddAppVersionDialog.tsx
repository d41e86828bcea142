import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  APP_PLATFORMS, BUILD_NUMBER_MAX, STORE_URL_MAX, UPDATE_LOG_MAX, VERSION_NAME_MAX,
  addAppVersion, type AppPlatform,
} from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { FormSelect as Select } from '../../components/FormControls.tsx';
import { useLanguage } from '../../i18n/index.ts';
import { contractMessage, contractRule, requiredRule } from '../shared/contractRule.ts';
import { errorText } from '../shared/errorText.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import type { Feedback } from '../shared/useFeedback.tsx';
import { PackageUpload } from './PackageUpload.tsx';
import { APP_VERSIONS_KEY } from './releasesApi.ts';
import { RELEASES_NS } from './i18n.ts';

interface AppVersionValues {
  platform: AppPlatform;
  versionName: string;
  buildNumber: string;
  updateLog: string;
  storeUrl?: string;
  fileId?: string | null;
  forceUpgrade: boolean;
}

/** "Add app version": every field checked against the contract's §5 rules as it is typed. */
export function AddAppVersionDialog({ open, feedback, onClose }: { open: boolean; feedback: Feedback; onClose: () => void }) {
  const { t } = useTranslation(RELEASES_NS);
  const language = useLanguage();
  const [form] = Form.useForm<AppVersionValues>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: AppVersionValues) =>
      callApi(addAppVersion, { ...values, storeUrl: values.storeUrl?.trim() ?? '', fileId: values.fileId ?? null }),
    onSuccess: () => {
      feedback.message.success(t('releases.message.saved'));
      void queryClient.invalidateQueries({ queryKey: APP_VERSIONS_KEY });
      onClose();
    },
    onError: (error) => void feedback.message.error(errorText(error)),
  });
  const labels = {
    platform: t('releases.field.platform'),
    versionName: t('releases.field.versionName'),
    buildNumber: t('releases.field.buildNumber'),
    updateLog: t('releases.field.updateLog'),
    storeUrl: t('releases.field.storeUrl'),
    package: t('releases.field.package'),
    force: t('releases.field.forceUpgrade'),
  };
  // Store URL or package: at least one (spec 02 §5); the message is the contract's.
  const packageRule = {
    validator: async () => {
      const storeUrl = String(form.getFieldValue('storeUrl') ?? '').trim();
      if (!storeUrl && !form.getFieldValue('fileId')) throw new Error(contractMessage('release.packageRequired', language));
    },
  };

  return (
    <FormDialog<AppVersionValues>
      open={open}
      title={t('releases.app.add')}
      form={form}
      formName="addAppVersion"
      okText={t('releases.action.save')}
      cancelText={t('releases.action.cancel')}
      submitting={save.isPending}
      onCancel={onClose}
      onSubmit={(values) => save.mutate(values)}
      initialValues={{ platform: 'android', forceUpgrade: false }}
    >
      <Form.Item<AppVersionValues> name="platform" label={labels.platform} rules={[requiredRule(language, labels.platform)]}>
        <Select<AppPlatform> options={APP_PLATFORMS.map((value) => ({ value, label: value === 'ios' ? 'iOS' : 'Android' }))} />
      </Form.Item>
      <Form.Item<AppVersionValues> name="versionName" label={labels.versionName} required extra={t('releases.form.versionHint', { max: VERSION_NAME_MAX })}
        rules={[contractRule((schemas) => schemas.versionNameSchema, language, { field: labels.versionName })]}>
        <Input maxLength={VERSION_NAME_MAX + 5} inputMode="decimal" />
      </Form.Item>
      <Form.Item<AppVersionValues> name="buildNumber" label={labels.buildNumber} required
        rules={[contractRule((schemas) => schemas.buildNumberSchema, language, { field: labels.buildNumber })]}>
        <Input maxLength={BUILD_NUMBER_MAX + 5} inputMode="numeric" />
      </Form.Item>
      <Form.Item<AppVersionValues> name="updateLog" label={labels.updateLog} required
        rules={[contractRule((schemas) => schemas.updateLogSchema, language, { field: labels.updateLog })]}>
        <Input.TextArea rows={4} showCount maxLength={UPDATE_LOG_MAX} />
      </Form.Item>
      <Form.Item<AppVersionValues> name="storeUrl" label={labels.storeUrl} extra={t('releases.form.packageHint')} dependencies={['fileId']}
        rules={[contractRule((schemas) => schemas.storeUrlSchema, language, { field: labels.storeUrl, optional: true }), packageRule]}>
        <Input maxLength={STORE_URL_MAX} inputMode="url" />
      </Form.Item>
      <Form.Item<AppVersionValues> name="fileId" label={labels.package}>
        <PackageUpload accept=".apk,.ipa" aria-label={labels.package} onChange={() => void form.validateFields(['storeUrl']).catch(() => undefined)} />
      </Form.Item>
      <Form.Item<AppVersionValues> name="forceUpgrade" label={labels.force} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
