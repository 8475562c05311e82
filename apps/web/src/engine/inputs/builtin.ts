import { lazy, type ComponentType } from 'react';
import { registerInput, type InputProps } from '../registry/inputs.ts';
import {
  CheckboxInput,
  MoneyInput,
  NumberInput,
  PasswordInput,
  RadioInput,
  SelectInput,
  SwitchInput,
  TextareaInput,
  TextInput,
} from './basic.tsx';
import { DateInput, DaterangeInput, DatetimeInput, MonthInput, MonthrangeInput } from './dates.tsx';
import { ReadonlyPickerInput } from './ReadonlyPicker.tsx';

// Inputs that only forms show (uploads, cascaders, trees, pickers, rich text) load with their first use, so a
// list page downloads the search form's inputs and not the antd Upload, Image, Cascader and Tree behind them
// (FieldInput renders them in a Suspense).
const ImageInput = lazy(() => import('./UploadInput.tsx').then((m) => ({ default: m.ImageInput })));
const FileInput = lazy(() => import('./UploadInput.tsx').then((m) => ({ default: m.FileInput })));
const RegionInput = lazy(() => import('./RegionInput.tsx').then((m) => ({ default: m.RegionInput })));
const TreeSelectInput = lazy(() => import('./TreeSelectInput.tsx').then((m) => ({ default: m.TreeSelectInput })));
const TableSelectInput = lazy(() => import('./TableSelectInput.tsx').then((m) => ({ default: m.TableSelectInput })));
const RichTextInput = lazy(() => import('./RichTextInput.tsx').then((m) => ({ default: m.RichTextInput })));

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
