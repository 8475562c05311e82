import { getCell, type CellProps } from '../registry/cells.ts';

/** Renders a value with its type's registered cell renderer. */
export const FieldCell = (props: CellProps) => {
  const Cell = getCell(props.field.type);
  return Cell ? (
    <Cell {...props} />
  ) : (
    <>{props.value === undefined || props.value === null ? '' : String(props.value)}</>
  );
};
