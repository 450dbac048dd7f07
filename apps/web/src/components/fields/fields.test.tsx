import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { DateField } from './DateField';
import { MoneyField } from './MoneyField';
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
