import '../../test/dom.ts';
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker, RangePicker } from './LazyDatePicker.tsx';

interface Values {
  birthDate: Dayjs;
}

const input = (label: string) => {
  const element = screen.getAllByLabelText(label)[0];
  assert.ok(element instanceof HTMLInputElement, `${label} is an input`);
  return element;
};

// antd's pickers load once per page, so this file follows one page: first the look-alikes
// while they load, then the real pickers.
describe('LazyDatePicker', () => {
  after(cleanup);

  it('shows the value under its label at once, then hands over to antd’s picker (with the focus), which writes the form value', async () => {
    let form: FormInstance<Values> | undefined;
    function Harness() {
      const [instance] = Form.useForm<Values>();
      form = instance;
      return (
        <Form form={instance} initialValues={{ birthDate: dayjs('1940-05-06') }}>
          <Form.Item<Values> name="birthDate" label="Date of birth">
            <DatePicker format={['YYYY-MM-DD', 'YYYY/MM/DD']} placeholder="YYYY-MM-DD" />
          </Form.Item>
          <RangePicker aria-label="Period" placeholder={['From', 'To']} value={[dayjs('2026-01-01'), dayjs('2026-01-07')]} />
        </Form>
      );
    }
    render(<Harness />);

    // Before antd's picker is there: the same text, label and id, read-only, no ant-picker class.
    const standIn = input('Date of birth');
    assert.equal(standIn.value, '1940-05-06');
    assert.equal(standIn.readOnly, true);
    assert.equal(document.querySelector('.ant-picker'), null);
    assert.deepEqual(screen.getAllByLabelText('Period').map((element) => (element instanceof HTMLInputElement ? element.value : '')), ['2026-01-01', '2026-01-07']);

    // A press alone loads the picker at once and takes the focus (the browser's own mousedown is
    // cancelled with it); the real one takes the focus over and opens.
    const pressed = fireEvent.pointerDown(standIn, { button: 0 });
    assert.equal(pressed, false, 'the press is cancelled, so no mousedown follows it');
    assert.equal(document.activeElement, standIn, 'the look-alike took the focus on the press');
    await waitFor(() => assert.ok(document.querySelector('.ant-picker')), { timeout: 8000 });
    const real = input('Date of birth');
    assert.notEqual(real, standIn);
    assert.equal(real.readOnly, false);
    assert.equal(real.value, '1940-05-06');
    assert.equal(document.activeElement, real);
    assert.deepEqual(screen.getAllByLabelText('Period').map((element) => (element instanceof HTMLInputElement ? element.value : '')), ['2026-01-01', '2026-01-07']);

    // Form.Item’s onChange reaches antd's picker through the wrapper.
    const day = await waitFor(() => {
      const cell = document.querySelector('td[title="1940-05-16"]');
      assert.ok(cell);
      return cell;
    });
    fireEvent.click(day);
    await waitFor(() => assert.equal(form?.getFieldValue('birthDate')?.format('YYYY-MM-DD'), '1940-05-16'));
  });
});
