import { lazy, type ComponentType } from 'react';
import { registerInput, type InputProps } from '../registry/inputs.ts';
import { CheckboxInput, RadioInput, SelectInput, TextInput } from './basic.tsx';

// Inputs that only forms show (uploads, cascaders, trees, pickers, rich text) load with their first use, so a
// list page downloads the search form's inputs and not the antd Upload, Image, Cascader and Tree behind them
// (FieldInput renders them in a Suspense).
const ImageInput = lazy(() => import('./UploadInput.tsx').then((m) => ({ default: m.ImageInput })));
const FileInput = lazy(() => import('./UploadInput.tsx').then((m) => ({ default: m.FileInput })));
const RegionInput = lazy(() => import('./RegionInput.tsx').then((m) => ({ default: m.RegionInput })));
const TreeSelectInput = lazy(() => import('./TreeSelectInput.tsx').then((m) => ({ default: m.TreeSelectInput })));
const TableSelectInput = lazy(() => import('./TableSelectInput.tsx').then((m) => ({ default: m.TableSelectInput })));
const RichTextInput = lazy(() => import('./RichTextInput.tsx').then((m) => ({ default: m.RichTextInput })));
// Dates, numbers, switches, text areas, passwords and the read-only pickers (features register the real ones) too: antd's DatePicker (with dayjs' parsing plugins, ~32 kB gzip) and InputNumber load with the
// first search form or dialog that has such a field, not with every list.
const DateInput = lazy(() => import('./dates.tsx').then((m) => ({ default: m.DateInput })));
const DatetimeInput = lazy(() => import('./dates.tsx').then((m) => ({ default: m.DatetimeInput })));
const MonthInput = lazy(() => import('./dates.tsx').then((m) => ({ default: m.MonthInput })));
const DaterangeInput = lazy(() => import('./dates.tsx').then((m) => ({ default: m.DaterangeInput })));
const MonthrangeInput = lazy(() => import('./dates.tsx').then((m) => ({ default: m.MonthrangeInput })));
const TextareaInput = lazy(() => import('./texts.tsx').then((m) => ({ default: m.TextareaInput })));
const PasswordInput = lazy(() => import('./texts.tsx').then((m) => ({ default: m.PasswordInput })));
const ReadonlyPickerInput = lazy(() =>
  import('./ReadonlyPicker.tsx').then((m) => ({ default: m.ReadonlyPickerInput })),
);
const SwitchInput = lazy(() => import('./switch.tsx').then((m) => ({ default: m.SwitchInput })));
const NumberInput = lazy(() => import('./numbers.tsx').then((m) => ({ default: m.NumberInput })));
const MoneyInput = lazy(() => import('./numbers.tsx').then((m) => ({ default: m.MoneyInput })));

const builtins: [string, ComponentType<InputProps>][] = [
  ['text', TextInput],
  ['textarea', TextareaInput],
  ['password', PasswordInput],
  ['number', NumberInput],
  ['money', MoneyInput],
  ['select', SelectInput],
  ['dict', SelectInput],
  ['radio', RadioInput],
  ['checkbox', CheckboxInput],
  ['switch', SwitchInput],
  ['date', DateInput],
  ['datetime', DatetimeInput],
  ['month', MonthInput],
  ['daterange', DaterangeInput],
  ['monthrange', MonthrangeInput],
  ['image', ImageInput],
  ['file', FileInput],
  ['region', RegionInput],
  ['treeSelect', TreeSelectInput],
  ['tableSelect', TableSelectInput],
  ['richText', RichTextInput],
  ['mapPoint', ReadonlyPickerInput],
  ['mapPolygon', ReadonlyPickerInput],
  ['patrolTime', ReadonlyPickerInput],
];

export const registerBuiltinInputs = () => {
  for (const [type, component] of builtins) registerInput(type, component);
};
