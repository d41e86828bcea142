import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deleteAppVersion, deleteH5Version, updateAppVersionStatus, updateH5VersionStatus, type AppVersion, type H5Version } from '@vigil/contracts';
import { callApi } from '../../api/client.ts';
import { useActionRunner } from '../shared/useActionRunner.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { APP_VERSIONS_KEY, H5_VERSIONS_KEY } from './releasesApi.ts';
import { RELEASES_NS } from './i18n.ts';

/** Publish, unpublish, remove and delete, each after a confirmation (spec 02 §8; H5 versions: what /app/ will serve). */
export function useReleaseActions(feedback: Feedback) {
  const { t } = useTranslation(RELEASES_NS);
  const queryClient = useQueryClient();
  const run = useActionRunner(feedback, () => queryClient.invalidateQueries({ queryKey: ['releases'] }));
  const confirm = (title: string, okText: string, danger: boolean, onOk: () => Promise<void>) =>
    feedback.modal.confirm({ title, okText, cancelText: t('releases.action.cancel'), okButtonProps: { danger }, onOk });
  const name = (version: AppVersion) => `${version.versionName} (${version.buildNumber})`;

  return {
    publish: (version: AppVersion) =>
      confirm(t('releases.confirm.publish', { name: name(version) }), t('releases.action.publish'), false, () =>
        run(() => callApi(updateAppVersionStatus, { id: version.id, status: 'published' }), t('releases.message.published'))),
    remove: (version: AppVersion) =>
      confirm(t('releases.confirm.remove', { name: name(version) }), t('releases.action.remove'), true, () =>
        run(() => callApi(updateAppVersionStatus, { id: version.id, status: 'removed' }), t('releases.message.removed'))),
    deleteApp: (version: AppVersion) =>
      confirm(t('releases.confirm.delete', { name: name(version) }), t('releases.action.delete'), true, () =>
        run(() => callApi(deleteAppVersion, { id: version.id }), t('releases.message.deleted'))),
    /** `current` and `next`: what /app/ serves now, and after this (a name, or the built-in app). */
    publishH5: (version: H5Version, current: string) =>
      confirm(t('releases.confirm.publishH5', { name: version.version, current }), t('releases.action.publish'), false, () =>
        run(() => callApi(updateH5VersionStatus, { id: version.id, status: 'published' }), t('releases.message.published'))),
    unpublishH5: (version: H5Version, next: string) =>
      confirm(t('releases.confirm.unpublishH5', { name: version.version, next }), t('releases.action.unpublish'), false, () =>
        run(() => callApi(updateH5VersionStatus, { id: version.id, status: 'saved' }), t('releases.message.unpublished'))),
    removeH5: (version: H5Version, next: string) =>
      confirm(t('releases.confirm.removeH5', { name: version.version, next }), t('releases.action.remove'), true, () =>
        run(() => callApi(updateH5VersionStatus, { id: version.id, status: 'removed' }), t('releases.message.removed'))),
    deleteH5: (version: H5Version) =>
      confirm(t('releases.confirm.delete', { name: version.version }), t('releases.action.delete'), true, () =>
        run(() => callApi(deleteH5Version, { id: version.id }), t('releases.message.deleted'))),
    keys: { app: APP_VERSIONS_KEY, h5: H5_VERSIONS_KEY },
  };
}
