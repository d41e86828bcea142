import { Empty } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../shared/errorText.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { BedCard } from './BedCard.tsx';
import { MONITOR_NS } from './i18n.ts';
import { useFocusChange } from './monitorApi.ts';
import './monitor.css';

/** A grid of bed cards; the star adds or removes a focus resident. */
export function BedGrid({ userIds, focusedIds, emptyText }: { userIds: readonly number[]; focusedIds: ReadonlySet<number>; emptyText: string }) {
  const { t } = useTranslation(MONITOR_NS);
  const feedback = useFeedback();
  const focus = useFocusChange();
  const { add, remove } = focus;
  const toggle = useCallback(
    (userId: number, focused: boolean) => {
      const run = focused ? remove.mutateAsync(userId) : add.mutateAsync([userId]);
      run.then(
        () => feedback.message.success(t(focused ? 'monitor.focus.removed' : 'monitor.focus.added')),
        (error: unknown) => feedback.message.error(errorText(error)),
      );
    },
    [add.mutateAsync, remove.mutateAsync, feedback.message, t],
  );
  return (
    <>
      {feedback.holder}
      {userIds.length ? (
        <div className="bed-board">
          {userIds.map((userId) => (
            <BedCard key={userId} userId={userId} focused={focusedIds.has(userId)} onToggleFocus={toggle} />
          ))}
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      )}
    </>
  );
}
