import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveSystemConfig, timeZones, type Role } from '@vigil/contracts';
import { Flex, Select, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { platformQueryKeys, useSystemConfig } from '../../api/platform-queries.ts';
import { errorText } from '../shared/errorText.ts';
import type { Feedback } from '../shared/useFeedback.tsx';

/** "(UTC+08:00) Asia/Shanghai": the offset first, so the list reads in order round the globe. */
export function timeZoneLabel(zone: { id: string; offset: string }): string {
  return `(UTC${zone.offset}) ${zone.id}`;
}

/**
 * The platform's time zone, picked from the list of zones with their UTC offsets
 * (spec 01 §1); every time in the console follows it. Saved on change by the roles the
 * server lets set it, shown read-only to the others.
 */
export function TimeZoneSetting({ role, feedback }: { role: Role; feedback: Feedback }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const config = useSystemConfig();
  const zones = useQuery({ queryKey: ['platform', 'timeZones'], queryFn: () => callApi(timeZones, {}), staleTime: 60 * 60_000 });
  const editable = saveSystemConfig.roles?.includes(role) ?? false;
  const save = useMutation({
    mutationFn: (timeZone: string) => callApi(saveSystemConfig, { timeZone }),
    onSuccess: async () => {
      feedback.message.success(t('app.timeZone.saved'));
      await queryClient.invalidateQueries({ queryKey: platformQueryKeys.systemConfig });
    },
    onError: (error) => void feedback.message.error(errorText(error)),
  });

  return (
    <Flex vertical gap={6} style={{ marginTop: 24, maxWidth: 560 }}>
      <label htmlFor={id} style={{ fontWeight: 500 }}>
        {t('app.timeZone.label')}
      </label>
      <Select
        id={id}
        showSearch
        optionFilterProp="label"
        value={config.data?.timeZone}
        loading={zones.isLoading || save.isPending}
        disabled={!editable || save.isPending}
        onChange={(value: string) => save.mutate(value)}
        options={(zones.data ?? []).map((zone) => ({ value: zone.id, label: timeZoneLabel(zone) }))}
        style={{ width: '100%', maxWidth: 420 }}
        aria-describedby={`${id}-hint`}
      />
      <Typography.Text type="secondary" id={`${id}-hint`}>
        {t('app.timeZone.hint')} {editable ? null : t('app.timeZone.readOnly')}
      </Typography.Text>
    </Flex>
  );
}
