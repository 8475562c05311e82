import type { ComponentType } from 'react';
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
import { RegionInput } from './RegionInput.tsx';
import { RichTextInput } from './RichTextInput.tsx';
import { TableSelectInput } from './TableSelectInput.tsx';
import { TreeSelectInput } from './TreeSelectInput.tsx';
import { FileInput, ImageInput } from './UploadInput.tsx';

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
