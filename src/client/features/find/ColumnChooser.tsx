/** Chooses the finder grid's visible columns: a Blueprint popover menu of checkable items. */
import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { FIND_COLUMNS } from './findColumns';

export interface ColumnChooserProps {
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
}

export function ColumnChooser({ hidden, onChange }: ColumnChooserProps) {
  const toggle = (colId: string) => onChange(hidden.includes(colId) ? hidden.filter((id) => id !== colId) : [...hidden, colId]);
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu aria-label="Columns">
          {FIND_COLUMNS.filter((c) => !c.fixed).map((column) => {
            const visible = !hidden.includes(column.colId);
            return (
              <MenuItem
                key={column.colId}
                text={column.header}
                icon={visible ? 'tick' : 'blank'}
                roleStructure="listoption"
                selected={visible}
                shouldDismissPopover={false}
                onClick={() => toggle(column.colId)}
              />
            );
          })}
        </Menu>
      }
    >
      <Button icon="column-layout" text="Columns" endIcon="caret-down" />
    </PopoverNext>
  );
}
