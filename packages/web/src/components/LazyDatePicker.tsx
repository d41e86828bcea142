import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import { theme, type DatePickerProps as AntdDatePickerProps, type GetProps, type GetRef } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useEffect, useRef, useState, type AriaAttributes, type ComponentType, type CSSProperties, type PointerEvent, type Ref } from 'react';
import type { AntdDatePicker as AntdDatePickerType, AntdRangePicker as AntdRangePickerType } from './AntdDatePickers.ts';
import './lazyDatePicker.css';

export type DatePickerProps = AntdDatePickerProps & { ref?: Ref<GetRef<typeof AntdDatePickerType>> };
export type RangePickerProps = GetProps<typeof AntdRangePickerType> & { ref?: Ref<GetRef<typeof AntdRangePickerType>> };

/** How long a picker waits for an idle moment before it loads anyway. */
const IDLE_TIMEOUT_MS = 2000;
/** Where the browser has no idle callbacks (Safari), the picker loads this long after the screen. */
const NO_IDLE_DELAY_MS = 300;

// antd's pickers load once, when the browser is first idle after a screen with a picker
// mounts, or as soon as someone reaches for one, whichever comes first; until then the
// screen shows a look-alike, so its first paint does not wait for rc-picker.
let wantPickers: () => void = () => undefined;
const pickersWanted = new Promise<void>((resolve) => {
  wantPickers = resolve;
});
const pickers = pickersWanted.then(() => import('./AntdDatePickers.ts'));
const LoadedDatePicker = lazy<ComponentType<DatePickerProps>>(() => pickers.then((module) => ({ default: module.AntdDatePicker })));
const LoadedRangePicker = lazy<ComponentType<RangePickerProps>>(() => pickers.then((module) => ({ default: module.AntdRangePicker })));

/** Runs `task` when the browser is next idle; returns a cancel function. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, NO_IDLE_DELAY_MS);
  return () => window.clearTimeout(handle);
}

/**
 * Loads the pickers when idle, and tracks what someone did with the look-alike meanwhile:
 * the real picker takes over its focus, and opens if it was pressed.
 */
function usePickerLoading() {
  const [focused, setFocused] = useState(false);
  const [pressed, setPressed] = useState(false);
  useEffect(() => whenIdle(wantPickers), []);
  const standIn = {
    onPress: () => {
      setPressed(true);
      wantPickers();
    },
    onFocus: () => {
      setFocused(true);
      wantPickers();
    },
    onBlur: () => {
      setFocused(false);
      setPressed(false);
    },
  };
  return { focused, opened: pressed, standIn };
}

/** antd's DatePicker, loaded after the screen's first paint; Form.Item's value, onChange, id and aria attributes pass through. */
export function DatePicker(props: DatePickerProps) {
  const { focused, opened, standIn } = usePickerLoading();
  const format = firstFormat(props.format, props.picker, Boolean(props.showTime));
  const fallback = (
    <PickerStandIn
      {...standIn}
      ids={[props.id]}
      texts={[valueText(props.value, format)]}
      placeholders={[typeof props.placeholder === 'string' ? props.placeholder : undefined]}
      inputSize={inputSize(format, props.picker)}
      aria={ariaOf(props)}
      disabled={Boolean(props.disabled)}
      autoFocus={props.autoFocus}
      style={props.style}
      className={props.className}
    />
  );
  return (
    <Suspense fallback={fallback}>
      <LoadedDatePicker {...props} autoFocus={props.autoFocus || focused} defaultOpen={props.defaultOpen || opened} />
    </Suspense>
  );
}

/** antd's RangePicker, loaded after the screen's first paint (see DatePicker). */
export function RangePicker(props: RangePickerProps) {
  const { focused, opened, standIn } = usePickerLoading();
  const format = firstFormat(props.format, props.picker, Boolean(props.showTime));
  const disabled = Array.isArray(props.disabled) ? props.disabled : [Boolean(props.disabled), Boolean(props.disabled)];
  const ids = typeof props.id === 'string' ? [props.id, undefined] : [props.id?.start, props.id?.end];
  const fallback = (
    <PickerStandIn
      {...standIn}
      ids={ids}
      texts={[valueText(props.value?.[0], format), valueText(props.value?.[1], format)]}
      placeholders={[props.placeholder?.[0], props.placeholder?.[1]]}
      inputSize={inputSize(format, props.picker)}
      aria={ariaOf(props)}
      disabled={disabled[0] && disabled[1]}
      autoFocus={props.autoFocus}
      style={props.style}
      className={props.className}
    />
  );
  return (
    <Suspense fallback={fallback}>
      <LoadedRangePicker {...props} autoFocus={props.autoFocus || focused} defaultOpen={props.defaultOpen || opened} />
    </Suspense>
  );
}

interface PickerStandInProps {
  ids: (string | undefined)[];
  texts: string[];
  placeholders: (string | undefined)[];
  inputSize: number;
  aria: AriaAttributes;
  disabled: boolean;
  autoFocus?: boolean;
  style?: CSSProperties;
  className?: string;
  /** A primary-button press on the look-alike (it has taken the focus by then). */
  onPress: () => void;
  onFocus: () => void;
  onBlur: () => void;
}

/**
 * What a picker looks like before antd's has loaded: the same box, value text, id and
 * label, drawn with the theme's tokens, read-only. It deliberately lacks the `ant-picker`
 * class, so nothing mistakes it for the real one.
 */
function PickerStandIn(props: PickerStandInProps) {
  const { token } = theme.useToken();
  const first = useRef<HTMLInputElement>(null);
  const paddingBlock = Math.max(Math.round(((token.controlHeight - token.fontSize * token.lineHeight) / 2) * 10) / 10 - token.lineWidth, 0);
  const variables = {
    '--picker-padding': `${paddingBlock}px ${token.controlPaddingHorizontal - token.lineWidth}px`,
    '--picker-border': `${token.lineWidth}px ${token.lineType} ${token.colorBorder}`,
    '--picker-radius': `${token.borderRadius}px`,
    '--picker-bg': props.disabled ? token.colorBgContainerDisabled : token.colorBgContainer,
    '--picker-color': props.disabled ? token.colorTextDisabled : token.colorText,
    '--picker-font-size': `${token.fontSize}px`,
    '--picker-line-height': String(token.lineHeight),
    '--picker-placeholder': token.colorTextPlaceholder,
    '--picker-icon': token.colorTextQuaternary,
    '--picker-hover-border': token.colorPrimaryHover,
    '--picker-active-border': token.colorPrimary,
    '--picker-active-shadow': `0 0 0 ${token.controlOutlineWidth}px ${token.controlOutline}`,
    '--picker-gap': `${token.paddingXS}px`,
    '--picker-icon-size': `${token.fontSizeLG}px`,
  };
  const input = (index: number) => (
    <input
      ref={index === 0 ? first : undefined}
      id={props.ids[index]}
      {...props.aria}
      readOnly
      disabled={props.disabled}
      autoFocus={index === 0 ? props.autoFocus : undefined}
      autoComplete="off"
      size={props.inputSize}
      value={props.texts[index]}
      placeholder={props.placeholders[index]}
      onFocus={props.onFocus}
      onBlur={props.onBlur}
    />
  );
  return (
    <span
      className={['picker-stand-in', props.disabled ? 'picker-stand-in--disabled' : '', props.className ?? ''].join(' ').trim()}
      style={{ ...variables, ...props.style }}
      onPointerDown={(event: PointerEvent) => {
        // The press is handled here, whole: the look-alike takes the focus and reports the press,
        // and preventDefault stops the mousedown and mouseup the browser would send after it.
        // antd's picker can replace the look-alike between pointerdown and that mousedown (its
        // code arrives in between); the browser then sends the mousedown to the box's parent,
        // which would take the focus from the real picker and close it before it showed.
        if (props.disabled || event.button !== 0) return;
        event.preventDefault();
        // As in antd's picker, a press anywhere in the box goes to its (first) input.
        const target = event.target instanceof HTMLInputElement ? event.target : first.current;
        target?.focus();
        props.onPress();
      }}
    >
      {input(0)}
      {props.texts.length > 1 ? (
        <>
          <span className="picker-stand-in__separator" aria-hidden>
            <SwapRightOutlined />
          </span>
          {input(1)}
        </>
      ) : null}
      <span className="picker-stand-in__suffix" aria-hidden>
        <CalendarOutlined />
      </span>
    </span>
  );
}

type Format = AntdDatePickerProps['format'];
type TextFormat = string | ((value: Dayjs) => string);

/** antd's default text format of each picker kind (the ones the console uses). */
const DEFAULT_FORMATS: Readonly<Record<string, string>> = { date: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY', time: 'HH:mm:ss' };

/** The format a picker writes its value in: the first one given, else antd's default. */
function firstFormat(format: Format, picker: string | undefined, showTime: boolean): TextFormat {
  const first = Array.isArray(format) ? format[0] : format;
  if (typeof first === 'string' || typeof first === 'function') return first;
  if (first && typeof first === 'object') return first.format;
  if (showTime && (picker ?? 'date') === 'date') return 'YYYY-MM-DD HH:mm:ss';
  return DEFAULT_FORMATS[picker ?? 'date'] ?? DEFAULT_FORMATS.date;
}

/** rc-picker's input width in characters: the format's length with room for the caret. */
function inputSize(format: TextFormat, picker: string | undefined): number {
  const length = typeof format === 'function' ? 10 : format.length;
  return Math.max(picker === 'time' ? 8 : 10, length) + 2;
}

function valueText(value: unknown, format: TextFormat): string {
  if (!isDayjs(value)) return '';
  return typeof format === 'function' ? format(value) : value.format(format);
}

function isDayjs(value: unknown): value is Dayjs {
  return typeof value === 'object' && value !== null && 'format' in value && typeof value.format === 'function';
}

/** The aria attributes (aria-label, and Form.Item's aria-required, -invalid, -describedby) rc-picker writes on its inputs. */
function ariaOf(props: object): AriaAttributes {
  return Object.fromEntries(Object.entries(props).filter(([key]) => key.startsWith('aria-')));
}
