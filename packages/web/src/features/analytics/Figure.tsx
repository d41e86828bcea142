import { Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * A headline figure: its name above, its value large. antd's Statistic would do the same but
 * brings its countdown and styles into the screen's chunk (the screen budgets of
 * e2e/specs/bundle-budget.spec.ts); this is what the two analytics screens need of it.
 */
export function Figure({ title, value }: { title: ReactNode; value: ReactNode }) {
  return (
    <div className="analytics-figure">
      <Typography.Text type="secondary">{title}</Typography.Text>
      <div className="analytics-figure-value">{value}</div>
    </div>
  );
}
