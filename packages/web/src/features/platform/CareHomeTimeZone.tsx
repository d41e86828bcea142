import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getCareHomeTimeZone, saveCareHomeTimeZone, timeZones, type Role } from '@vigil/contracts';
import { Flex, Select, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { PLATFORM_NS } from './i18n.ts';
import { timeZoneLabel } from './TimeZoneSetting.tsx';

const FOLLOW_PLATFORM = '';
const CARE_HOME_ZONE_KEY = ['platform', 'careHomeTimeZone'] as const;

/**
 * The care home's own time zone (ONE_ROLE, TWO_ROLE): its statistics days, night handover and
 * response-time shifts follow it; "same as the platform" clears it.
 */
export function CareHomeTimeZone({ role, feedback }: { role: Role; feedback: Feedback }) {
  const { t } = useTranslation(PLATFORM_NS);
  const id = useId();
  const queryClient = useQueryClient();
  const allowed = getCareHomeTimeZone.roles?.includes(role) ?? false;
  const zone = useQuery({ queryKey: CARE_HOME_ZONE_KEY, queryFn: () => callApi(getCareHomeTimeZone, {}), enabled: allowed });
  const zones = useQuery({ queryKey: ['platform', 'timeZones'], queryFn: () => callApi(timeZones, {}), staleTime: 60 * 60_000, enabled: allowed });
  const save = useMutation({
    mutationFn: (timeZone: string | null) => callApi(saveCareHomeTimeZone, { timeZone }),
    onSuccess: async () => {
      feedback.message.success(t('platform.careHomeZone.saved'));
      await queryClient.invalidateQueries({ queryKey: CARE_HOME_ZONE_KEY });
    },
    onError: (error) => void feedback.message.error(errorText(error)),
  });
  if (!allowed) return null;
  const data = zone.data;

  return (
    <Flex vertical gap={6} style={{ marginTop: 24, maxWidth: 560 }}>
      <label htmlFor={id} style={{ fontWeight: 500 }}>
        {data ? t('platform.careHomeZone.labelOf', { name: data.providerName }) : t('platform.careHomeZone.label')}
      </label>
      <Select
        id={id}
        showSearch
        optionFilterProp="label"
        value={data ? (data.timeZone ?? FOLLOW_PLATFORM) : undefined}
        loading={zone.isLoading || zones.isLoading || save.isPending}
        disabled={save.isPending || !data}
        onChange={(value: string) => save.mutate(value === FOLLOW_PLATFORM ? null : value)}
        options={[
          { value: FOLLOW_PLATFORM, label: t('platform.careHomeZone.followPlatform', { zone: data?.platformTimeZone ?? '' }) },
          ...(zones.data ?? []).map((entry) => ({ value: entry.id, label: timeZoneLabel(entry) })),
        ]}
        style={{ width: '100%', maxWidth: 420 }}
        aria-describedby={`${id}-hint`}
      />
      <Typography.Text type="secondary" id={`${id}-hint`}>
        {t('platform.careHomeZone.hint')}
      </Typography.Text>
      {zone.isError ? <Typography.Text type="danger">{errorText(zone.error)}</Typography.Text> : null}
    </Flex>
  );
}
