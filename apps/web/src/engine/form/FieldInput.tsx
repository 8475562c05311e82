import { Suspense } from 'react';
import { getInput, type InputProps } from '../registry/inputs.ts';

/**
 * Renders a field with its value type's registered input (Form.Item passes value/onChange/id); the Suspense
 * covers inputs registered lazily (inputs/builtin.ts) while their chunk loads.
 */
export const FieldInput = (props: InputProps) => {
  const Input = getInput(props.field.type);
  return Input ? (
    <Suspense fallback={null}>
      <Input {...props} />
    </Suspense>
  ) : null;
};
