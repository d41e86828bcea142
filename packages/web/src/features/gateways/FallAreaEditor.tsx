import type { FallRadarSettings, ShieldedArea } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { GATEWAYS_NS } from './i18n.ts';
import './gateways.css';

/** Pixels per metre in the drawing (the SVG scales to its box). */
const SCALE = 60;
const MARGIN = 30;
/** One arrow-key press moves a shielded area this far; Shift moves it ten times as far. */
export const SHIELD_STEP_M = 0.1;

export interface FallAreaEditorProps {
  settings: FallRadarSettings;
  selected: number | null;
  onSelect: (index: number | null) => void;
  onMove: (index: number, area: ShieldedArea) => void;
  onDelete: (index: number) => void;
  /** The person's current site (real-time mode), in metres from the device. */
  site?: { x: number; y: number } | null;
  /** A picture only: the boxes cannot be focused or moved. */
  readOnly?: boolean;
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The detection area seen from above, the device at its origin (forward is up), walls as
 * thick edges, shielded areas as boxes. A box takes focus (Tab); arrow keys move it by
 * 0.1 m (Shift: 1 m) inside the area, Delete asks to remove it.
 */
export function FallAreaEditor({ settings, selected, onSelect, onMove, onDelete, site, readOnly = false }: FallAreaEditorProps) {
  const { t } = useTranslation(GATEWAYS_NS);
  const { front, back, left, right } = settings.distances;
  const width = (left + right) * SCALE + MARGIN * 2;
  const height = (front + back) * SCALE + MARGIN * 2;
  const px = (x: number) => MARGIN + (x + left) * SCALE;
  const py = (y: number) => MARGIN + (front - y) * SCALE;
  const wall = settings.walls;

  function keyDown(index: number, area: ShieldedArea, key: string, shift: boolean): boolean {
    const step = shift ? 1 : SHIELD_STEP_M;
    const clampX = (x: number) => round(Math.min(right - area.width / 2, Math.max(-left + area.width / 2, x)));
    const clampY = (y: number) => round(Math.min(front - area.length / 2, Math.max(-back + area.length / 2, y)));
    if (key === 'ArrowLeft') onMove(index, { ...area, x: clampX(area.x - step) });
    else if (key === 'ArrowRight') onMove(index, { ...area, x: clampX(area.x + step) });
    else if (key === 'ArrowUp') onMove(index, { ...area, y: clampY(area.y + step) });
    else if (key === 'ArrowDown') onMove(index, { ...area, y: clampY(area.y - step) });
    else if (key === 'Delete' || key === 'Backspace') onDelete(index);
    else return false;
    return true;
  }

  return (
    <figure className="fall-area">
      <svg viewBox={`0 0 ${width} ${height}`} role="group" aria-label={t('gateways.area.label', { width: round(left + right), depth: round(front + back) })}>
        <rect x={px(-left)} y={py(front)} width={(left + right) * SCALE} height={(front + back) * SCALE} className="fall-area__zone" />
        {wall.front && <line x1={px(-left)} y1={py(front)} x2={px(right)} y2={py(front)} className="fall-area__wall" />}
        {wall.back && <line x1={px(-left)} y1={py(-back)} x2={px(right)} y2={py(-back)} className="fall-area__wall" />}
        {wall.left && <line x1={px(-left)} y1={py(front)} x2={px(-left)} y2={py(-back)} className="fall-area__wall" />}
        {wall.right && <line x1={px(right)} y1={py(front)} x2={px(right)} y2={py(-back)} className="fall-area__wall" />}
        <text x={px(0)} y={MARGIN - 10} textAnchor="middle" className="fall-area__text">{t('gateways.area.forward')}</text>
        {settings.shieldedAreas.map((area, index) => (
          <g
            key={index}
            tabIndex={readOnly ? undefined : 0}
            role={readOnly ? 'img' : 'button'}
            aria-pressed={readOnly ? undefined : selected === index}
            aria-label={t('gateways.area.shieldLabel', { index: index + 1, kind: t(`gateways.shield.kind.${area.kind}`), x: area.x, y: area.y })}
            className={selected === index ? 'fall-area__shield fall-area__shield--selected' : 'fall-area__shield'}
            onClick={readOnly ? undefined : () => onSelect(index)}
            onFocus={readOnly ? undefined : () => onSelect(index)}
            onKeyDown={readOnly ? undefined : (event) => {
              if (keyDown(index, area, event.key, event.shiftKey)) event.preventDefault();
            }}
          >
            <rect x={px(area.x - area.width / 2)} y={py(area.y + area.length / 2)} width={area.width * SCALE} height={area.length * SCALE} />
            <text x={px(area.x)} y={py(area.y) + 5} textAnchor="middle">{index + 1}</text>
          </g>
        ))}
        <circle cx={px(0)} cy={py(0)} r={8} className="fall-area__device" />
        {site && <circle cx={px(site.x)} cy={py(site.y)} r={10} className="fall-area__site"><title>{t('gateways.area.person')}</title></circle>}
      </svg>
      {!readOnly && <figcaption className="fall-area__caption">{t('gateways.area.help')}</figcaption>}
    </figure>
  );
}
