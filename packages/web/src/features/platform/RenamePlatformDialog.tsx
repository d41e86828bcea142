import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PLATFORM_NAME_MAX, PLATFORM_NAME_MIN, platformNamePost } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { usePlatformName } from '../../api/platform-queries.ts';
import { errorText } from '../shared/errorText.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { useFeedback } from '../shared/useFeedback.tsx';
import { contractRule, requiredRule } from '../shared/contractRule.ts';
import { applyPlatformName, invalidatePlatformQueries } from './branding.ts';
import { PLATFORM_NS } from './i18n.ts';
import { useLanguage } from '../../i18n/index.ts';
import { TimeZoneSetting } from './TimeZoneSetting.tsx';

interface RenameValues {
  platformName: string;
}

export interface RenamePlatformDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The SENIOR_ROLE user-menu dialog that renames the platform. */
export function RenamePlatformDialog({ open, onClose }: RenamePlatformDialogProps) {
  const language = useLanguage();
  const { t } = useTranslation(PLATFORM_NS);
  const [form] = Form.useForm<RenameValues>();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const current = usePlatformName();
  const currentName = current.data?.platformName ?? '';

  // The name may arrive after the dialog opened; fill it in unless the user has started typing.
  useEffect(() => {
    if (open && currentName && !form.isFieldTouched('platformName')) form.setFieldsValue({ platformName: currentName });
  }, [open, currentName, form]);

  const rename = useMutation({
    mutationFn: (values: RenameValues) => callApi(platformNamePost, { platformName: values.platformName.trim() }),
    onSuccess: async (_data, values) => {
      applyPlatformName(values.platformName.trim());
      feedback.message.success(t('platform.rename.success'));
      onClose();
      await invalidatePlatformQueries(queryClient);
    },
    onError: (error) => void feedback.message.error(`${t('platform.rename.failed')}: ${errorText(error)}`),
  });

  const label = t('platform.rename.name');
  return (
    <>
      {feedback.holder}
      <FormDialog<RenameValues>
        open={open}
        title={t('platform.rename.title')}
        form={form}
        formName="renamePlatform"
        okText={t('platform.rename.save')}
        cancelText={t('platform.rename.cancel')}
        submitting={rename.isPending}
        onCancel={onClose}
        onSubmit={(values) => rename.mutate(values)}
        initialValues={{ platformName: currentName }}
      >
        <Form.Item<RenameValues> name="platformName" label={label} required extra={t('platform.rename.hint', { min: PLATFORM_NAME_MIN, max: PLATFORM_NAME_MAX })}
          rules={[contractRule((schemas) => schemas.platformNameSchema, language, { field: label })]}>
          <Input maxLength={PLATFORM_NAME_MAX} showCount autoFocus />
        </Form.Item>
        {/* The platform administrator's other platform-wide setting; it saves on its own. */}
        <TimeZoneSetting role="SENIOR_ROLE" feedback={feedback} />
      </FormDialog>
    </>
  );
}
