import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { DateField } from './DateField';
import { MoneyField } from './MoneyField';
import { NumberField, type NumberFieldProps } from './NumberField';
import { SelectField } from './SelectField';

const wrap = (node: React.ReactNode) => render(<MantineProvider theme={theme}>{node}</MantineProvider>);

describe('MoneyField', () => {
  function Money() {
    const [value, setValue] = useState<number | string>('');
    return (
      <>
        <MoneyField label="金額" value={value} onChange={setValue} />
        <output data-testid="value">{JSON.stringify(value)}</output>
      </>
    );
  }

  it('takes whole yen with thousands separators; no decimals, no minus', async () => {
    const user = userEvent.setup();
    wrap(<Money />);
    const input = screen.getByLabelText('金額') as HTMLInputElement;
    await user.type(input, '-1234.5');
    expect(input.value).toBe('12,345');
    expect(screen.getByTestId('value').textContent).toBe('12345');
  });
});

describe('MoneyField and NumberField read what a Japanese user types (issue 33)', () => {
  function Num(props: Partial<NumberFieldProps> & { money?: boolean }) {
    const { money, ...rest } = props;
    const [value, setValue] = useState<number | string>('');
    const Field = money ? MoneyField : NumberField;
    return (
      <>
        <Field label="数" value={value} onChange={setValue} {...rest} />
        <output data-testid="value">{JSON.stringify(value)}</output>
      </>
    );
  }
  const shownValue = () => screen.getByTestId('value').textContent;

  it('keeps full-width digits, commas and 円 (「１，０００円」 → 1000)', async () => {
    const user = userEvent.setup();
    wrap(<Num money />);
    const input = screen.getByLabelText('数') as HTMLInputElement;
    await user.type(input, '１，０００円');
    expect(input.value).toBe('1,000');
    expect(shownValue()).toBe('1000');
  });

  it('reads a pasted amount with ¥ and full-width digits', async () => {
    const user = userEvent.setup();
    wrap(<Num money />);
    const input = screen.getByLabelText('数') as HTMLInputElement;
    await user.click(input);
    await user.paste('￥１２，３４５');
    expect(input.value).toBe('12,345');
    expect(shownValue()).toBe('12345');
  });

  it('takes a minus in any of its forms where negatives are allowed', async () => {
    const user = userEvent.setup();
    wrap(<Num allowDecimal={false} thousandSeparator="," />);
    const input = screen.getByLabelText('数') as HTMLInputElement;
    for (const minus of ['－', 'ー', '−', '‐']) {
      await user.clear(input);
      await user.type(input, `${minus}１，２００`);
      expect(input.value).toBe('-1,200');
      expect(shownValue()).toBe('-1200');
    }
  });

  it('takes a full-width decimal point, up to the decimal scale', async () => {
    const user = userEvent.setup();
    wrap(<Num decimalScale={3} allowNegative={false} />);
    const input = screen.getByLabelText('数') as HTMLInputElement;
    await user.type(input, '１．２５００');
    expect(input.value).toBe('1.250');
    expect(shownValue()).toBe('1.25');
  });

  it('leaves an IME composition alone until it is committed', () => {
    wrap(<Num money />);
    const input = screen.getByLabelText('数') as HTMLInputElement;
    fireEvent.compositionStart(input);
    fireEvent.change(input, { target: { value: '１０００' } });
    expect(input.value).toBe('１０００');
    expect(shownValue()).toBe('""');
    fireEvent.compositionEnd(input);
    expect(input.value).toBe('1,000');
    expect(shownValue()).toBe('1000');
  });

  it('shows a value set from outside, grouped', () => {
    wrap(<MoneyField label="数" value={1234567} onChange={() => {}} />);
    expect((screen.getByLabelText('数') as HTMLInputElement).value).toBe('1,234,567');
  });
});

describe('DateField', () => {
  function Dates() {
    const [value, setValue] = useState('');
    return (
      <>
        <DateField label="日付" value={value} onChange={setValue} />
        <output data-testid="value">{value}</output>
      </>
    );
  }

  it('reads 令和 dates and gives the ISO date', async () => {
    const user = userEvent.setup();
    wrap(<Dates />);
    await user.type(screen.getByLabelText('日付'), 'R8.11.5');
    expect(screen.getByTestId('value').textContent).toBe('2026-11-05');
  });

  it('says so when the text is not a date', async () => {
    const user = userEvent.setup();
    wrap(<Dates />);
    await user.type(screen.getByLabelText('日付'), 'abc');
    expect(screen.getByText(/日付として読めません/)).toBeTruthy();
  });
});

describe('SelectField', () => {
  function Pick() {
    const form = useForm<{ day: string }>({ defaultValues: { day: '' } });
    const day = form.watch('day');
    return (
      <>
        <SelectField control={form.control} name="day" label="締め日" data={['10', '20', '31']} clearable />
        <output data-testid="value">{JSON.stringify(day)}</output>
      </>
    );
  }

  it('binds the chosen option to the form field', async () => {
    const user = userEvent.setup();
    wrap(<Pick />);
    await user.click(screen.getByRole('combobox', { name: '締め日' }));
    await user.click(await screen.findByRole('option', { name: '20', hidden: true }));
    expect(screen.getByTestId('value').textContent).toBe('"20"');
  });
});
