import { DatePicker } from 'antd';

// antd's date pickers (rc-picker, ~34 KB gzip) in a module of their own, so that
// LazyDatePicker can fetch them after a screen's first paint.
/** antd's DatePicker. */
export const AntdDatePicker = DatePicker;
/** antd's DatePicker.RangePicker. */
export const AntdRangePicker = DatePicker.RangePicker;
