import { getInput, type InputProps } from '../registry/inputs.ts';

/** Renders a field with its value type's registered input (Form.Item passes value/onChange/id). */
export const FieldInput = (props: InputProps) => {
  const Input = getInput(props.field.type);
  return Input ? <Input {...props} /> : null;
};
