import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  FALL_INSTALL_MODES,
  FALL_MODE_LIMITS,
  FALL_SENSITIVITY_RANGE_M,
  FALL_SHIELDED_AREAS_MAX,
  FALL_SIDES,
  SENSITIVITIES,
  SHIELDED_AREA_KINDS,
  type FallInstallMode,
  type FallRadarSettings,
  type ShieldedArea,
} from '@vigil/contracts';
import { Alert, Button, Checkbox, Flex, InputNumber, Radio, Select, Switch, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAsync } from '../care-shared/confirmAsync.ts';
import type { Feedback } from '../shared/useFeedback.tsx';
import { FallAreaEditor } from './FallAreaEditor.tsx';
import { Field } from './Field.tsx';
import { newShieldedArea, settingsProblemMap, withMode } from './fallSettingsState.ts';
import { GATEWAYS_NS } from './i18n.ts';

export interface SettingsSectionProps {
  settings: FallRadarSettings;
  onChange: (settings: FallRadarSettings) => void;
  feedback: Feedback;
}

/** Install mode and height: changing the mode clears the shielded areas after a confirmation (spec 02 §5). */
export function FallModeSection({ settings, onChange, feedback }: SettingsSectionProps) {
  const { t } = useTranslation(GATEWAYS_NS);
  const id = useId();
  const limits = FALL_MODE_LIMITS[settings.installMode];
  const problems = settingsProblemMap(settings);
  async function changeMode(mode: FallInstallMode) {
    if (settings.shieldedAreas.length > 0) {
      const ok = await confirmAsync(feedback, {
        title: t('gateways.fall.modeConfirmTitle'), content: t('gateways.fall.modeConfirm', { count: settings.shieldedAreas.length }),
        okText: t('gateways.common.confirm'), cancelText: t('gateways.common.cancel'), danger: true,
      });
      if (!ok) return;
    }
    onChange(withMode(settings, mode));
  }
  return (
    <section aria-labelledby={`${id}-mode`}>
      <Typography.Title level={5} id={`${id}-mode`}>{t('gateways.fall.installMode')}</Typography.Title>
      <Radio.Group
        aria-labelledby={`${id}-mode`}
        value={settings.installMode}
        onChange={(event) => void changeMode(event.target.value)}
        options={FALL_INSTALL_MODES.map((mode) => ({ value: mode, label: t(`gateways.fall.mode.${mode}`) }))}
        optionType="button"
        style={{ marginBottom: 12 }}
      />
      <Typography.Paragraph type="secondary">
        {t(`gateways.fall.modeHelp.${settings.installMode}`, {
          min: limits.heightMin, max: limits.heightMax, recommended: limits.heightRecommended,
          side: limits.sideMax.left, width: limits.widthMax, depth: limits.depthMax, front: limits.sideMax.front,
        })}
      </Typography.Paragraph>
      <div className="gw-fields">
        <Field id={`${id}-height`} label={t('gateways.fall.installHeight')} error={problems.has('installHeight') ? t('gateways.fall.heightRange', { min: limits.heightMin, max: limits.heightMax }) : null}>
          <InputNumber
            id={`${id}-height`} min={0} max={5} step={0.05} addonAfter="m" value={settings.installHeight}
            status={problems.has('installHeight') ? 'error' : undefined}
            onChange={(value) => onChange({ ...settings, installHeight: value ?? 0 })}
          />
        </Field>
      </div>
    </section>
  );
}

/** Detection area (the e-fence), walls and shielded areas, with the top-down drawing. */
export function FallAreaSection({ settings, onChange, feedback, site }: SettingsSectionProps & { site?: { x: number; y: number } | null }) {
  const { t } = useTranslation(GATEWAYS_NS);
  const id = useId();
  const [selected, setSelected] = useState<number | null>(null);
  const limits = FALL_MODE_LIMITS[settings.installMode];
  const problems = settingsProblemMap(settings);
  const areaProblem = problems.get('distances');
  const setArea = (index: number, area: ShieldedArea) => onChange({ ...settings, shieldedAreas: settings.shieldedAreas.map((old, i) => (i === index ? area : old)) });
  async function remove(index: number) {
    const ok = await confirmAsync(feedback, {
      title: t('gateways.shield.deleteTitle', { index: index + 1 }), okText: t('gateways.common.delete'), cancelText: t('gateways.common.cancel'), danger: true,
    });
    if (!ok) return;
    onChange({ ...settings, shieldedAreas: settings.shieldedAreas.filter((_, i) => i !== index) });
    setSelected(null);
  }
  const numberField = (index: number, area: ShieldedArea, key: 'length' | 'width' | 'height' | 'floorDistance' | 'x' | 'y') => (
    <Field key={key} id={`${id}-s${index}-${key}`} label={t(`gateways.shield.${key}`)}>
      <InputNumber id={`${id}-s${index}-${key}`} step={0.05} min={key === 'x' || key === 'y' ? -10 : 0} max={10} addonAfter="m" value={area[key]} onChange={(value) => setArea(index, { ...area, [key]: value ?? 0 })} />
    </Field>
  );
  return (
    <section aria-labelledby={`${id}-area`}>
      <Typography.Title level={5} id={`${id}-area`}>{t('gateways.fall.area')}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t(`gateways.fall.areaHelp.${settings.installMode}`, { width: limits.widthMax, depth: limits.depthMax })}
      </Typography.Paragraph>
      <div className="gw-fields">
        {FALL_SIDES.map((side) => (
          <Field key={side} id={`${id}-${side}`} label={t(`gateways.fall.side.${side}`)} error={problems.has(`distances.${side}`) ? t('gateways.fall.sideMax', { max: limits.sideMax[side] }) : null}>
            <InputNumber
              id={`${id}-${side}`} min={0} max={limits.sideMax[side]} step={0.1} addonAfter="m" value={settings.distances[side]}
              disabled={limits.sideMax[side] === 0}
              onChange={(value) => onChange({ ...settings, distances: { ...settings.distances, [side]: value ?? 0 } })}
            />
          </Field>
        ))}
      </div>
      {areaProblem && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} message={t(areaProblem === 'fallRadar.fenceEmpty' ? 'gateways.fall.fenceEmpty' : 'gateways.fall.areaTooBig')} />}
      <fieldset className="gw-fields" style={{ border: 0, padding: 0 }}>
        <legend>{t('gateways.fall.walls')}</legend>
        {FALL_SIDES.map((side) => (
          <Checkbox key={side} checked={settings.walls[side]} onChange={(event) => onChange({ ...settings, walls: { ...settings.walls, [side]: event.target.checked } })}>
            {t(`gateways.fall.wallSide.${side}`)}
          </Checkbox>
        ))}
      </fieldset>
      <FallAreaEditor settings={settings} selected={selected} onSelect={setSelected} onMove={setArea} onDelete={(index) => void remove(index)} site={site} />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Text strong>{t('gateways.shield.title', { count: settings.shieldedAreas.length, max: FALL_SHIELDED_AREAS_MAX })}</Typography.Text>
        <Button icon={<PlusOutlined />} disabled={settings.shieldedAreas.length >= FALL_SHIELDED_AREAS_MAX} onClick={() => onChange({ ...settings, shieldedAreas: [...settings.shieldedAreas, newShieldedArea(settings)] })}>
          {t('gateways.shield.add')}
        </Button>
      </Flex>
      {settings.shieldedAreas.length === 0 && <Typography.Paragraph type="secondary">{t('gateways.shield.empty')}</Typography.Paragraph>}
      {settings.shieldedAreas.map((area, index) => (
        <div key={index} className="gw-shield" aria-label={t('gateways.shield.item', { index: index + 1 })} role="group">
          <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
            <Typography.Text strong>{t('gateways.shield.item', { index: index + 1 })}</Typography.Text>
            <Button danger type="text" icon={<DeleteOutlined />} aria-label={t('gateways.shield.deleteTitle', { index: index + 1 })} onClick={() => void remove(index)} />
          </Flex>
          {problems.has(`shieldedAreas.${index}`) && <Alert type="error" showIcon style={{ marginBottom: 8 }} message={t('gateways.shield.outside')} />}
          <div className="gw-fields">
            <Field id={`${id}-s${index}-kind`} label={t('gateways.shield.kindLabel')}>
              <Select id={`${id}-s${index}-kind`} value={area.kind} onChange={(kind) => setArea(index, { ...area, kind })} options={SHIELDED_AREA_KINDS.map((kind) => ({ value: kind, label: t(`gateways.shield.kind.${kind}`) }))} />
            </Field>
            {(['length', 'width', 'height', 'floorDistance', 'x', 'y'] as const).map((key) => numberField(index, area, key))}
          </div>
        </div>
      ))}
    </section>
  );
}

/** Sensitivity (about 12, 10 or 8 m) and the buzzer. */
export function FallOptionsSection({ settings, onChange }: Omit<SettingsSectionProps, 'feedback'>) {
  const { t } = useTranslation(GATEWAYS_NS);
  const id = useId();
  return (
    <div className="gw-fields">
      <Field id={`${id}-sensitivity`} label={t('gateways.fall.sensitivity')}>
        <Select
          id={`${id}-sensitivity`} value={settings.sensitivity} onChange={(sensitivity) => onChange({ ...settings, sensitivity })}
          options={SENSITIVITIES.map((value) => ({ value, label: t(`gateways.fall.sensitivityLevel.${value}`, { range: FALL_SENSITIVITY_RANGE_M[value] }) }))}
        />
      </Field>
      <Field id={`${id}-buzzer`} label={t('gateways.fall.buzzer')}>
        <div><Switch id={`${id}-buzzer`} checked={settings.buzzer} onChange={(buzzer) => onChange({ ...settings, buzzer })} /></div>
      </Field>
    </div>
  );
}
