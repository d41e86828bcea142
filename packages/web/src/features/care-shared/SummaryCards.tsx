import { Card, Col, Row, Statistic } from 'antd';
import './care.css';

export interface SummaryItem {
  key: string;
  label: string;
  value: number | undefined;
  color?: string;
  /** What the count counts, under it (issue 25 item 12). */
  hint?: string;
}

/** A row of counts (beds, residents …): compact three to a row on phones, one row on wide screens. */
export function SummaryCards({ label, items, loading }: { label: string; items: readonly SummaryItem[]; loading: boolean }) {
  const wideSpan = Math.max(4, Math.floor(24 / items.length));
  return (
    <Row gutter={[12, 12]} className="care-summary" role="group" aria-label={label}>
      {items.map((item) => (
        <Col key={item.key} xs={items.length % 3 === 0 ? 8 : 12} md={wideSpan}>
          <Card size="small">
            <Statistic title={item.label} value={item.value ?? '—'} loading={loading} valueStyle={{ color: item.color }} />
            {item.hint ? <p className="care-summary__hint">{item.hint}</p> : null}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
