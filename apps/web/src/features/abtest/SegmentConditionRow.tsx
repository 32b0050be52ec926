import {
  allowedValuesOf,
  ConditionFault,
  invalidConditionFields,
  operationSymbol,
  operationsFor,
  type SegmentCondition,
} from '@console/domain/abtest';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import { PlainSelectField } from '../../components/form/PlainSelectField.tsx';
import { PlainTextField } from '../../components/form/PlainTextField.tsx';
import { DeleteIcon } from '../../components/icons.tsx';

// Property 0 means none.
const NO_PROPERTY = 0;

interface SegmentConditionRowProps {
  index: number;
  condition: SegmentCondition;
  /** The server's fault mask; undefined until checked. */
  mask: number | undefined;
  /** Property names to ids (/api/segment/property/list). */
  properties: Readonly<Record<string, number>>;
  isEditable: boolean;
  onChange(condition: SegmentCondition): void;
  onRemove(): void;
}

function valueFaultOf(mask: number): string | undefined {
  if (mask & ConditionFault.Format) return 'Invalid format';
  if (mask & ConditionFault.Value) return 'Invalid value';
  return undefined;
}

/** An invalid value says what is allowed (for Platform, the platforms), on its own line. */
function ValueFault({ fault, allowed }: { fault: string; allowed: string | undefined }) {
  return (
    <>
      <span style={{ display: 'block' }}>{fault}</span>
      {allowed && <span style={{ display: 'block' }}>{allowed}</span>}
    </>
  );
}

/** One condition: property, operation and value, each marked when the mask names it. */
export function SegmentConditionRow(props: SegmentConditionRowProps) {
  const { index, condition, mask = 0, properties, isEditable, onChange, onRemove } = props;
  const invalid = invalidConditionFields(mask);
  const valueFault = valueFaultOf(mask);
  const operations = operationsFor(condition.property);
  // A stored operation that does not apply stays visible, so it can be seen marked.
  const shownOperations = operations.includes(condition.op) ? operations : [condition.op, ...operations];

  const propertyIds = Object.values(properties);
  const isUnknownProperty = condition.property !== NO_PROPERTY && !propertyIds.includes(condition.property);

  const changeProperty = (property: number) => {
    const applicable = operationsFor(property);
    const op = applicable.includes(condition.op) ? condition.op : (applicable[0] ?? condition.op);
    onChange({ ...condition, property, op });
  };

  return (
    <Box
      role="group"
      aria-label={`Condition ${index + 1}`}
      sx={{ display: 'flex', gap: 1, alignItems: 'start' }}
    >
      <PlainSelectField
        label="Property"
        size="small"
        value={condition.property}
        disabled={!isEditable}
        error={invalid.property}
        helperText={invalid.property ? 'Invalid property' : undefined}
        onChange={(event) => changeProperty(Number(event.target.value))}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value={NO_PROPERTY}>None</MenuItem>
        {isUnknownProperty && (
          <MenuItem value={condition.property}>{`Property ${condition.property}`}</MenuItem>
        )}
        {Object.entries(properties).map(([name, id]) => (
          <MenuItem key={id} value={id}>
            {name}
          </MenuItem>
        ))}
      </PlainSelectField>
      <PlainSelectField
        label="Operation"
        size="small"
        value={condition.op}
        disabled={!isEditable}
        error={invalid.op}
        helperText={invalid.op ? 'Invalid operation' : undefined}
        onChange={(event) => onChange({ ...condition, op: Number(event.target.value) })}
        sx={{ minWidth: 110 }}
      >
        {shownOperations.map((op) => (
          <MenuItem key={op} value={op}>
            {operationSymbol(op) ?? String(op)}
          </MenuItem>
        ))}
      </PlainSelectField>
      <PlainTextField
        label="Value"
        size="small"
        value={condition.value}
        disabled={!isEditable}
        error={invalid.value}
        helperText={
          valueFault && (
            <ValueFault fault={valueFault} allowed={allowedValuesOf(condition.property, condition.op)} />
          )
        }
        onChange={(event) => onChange({ ...condition, value: event.target.value })}
        autoComplete="off"
        sx={{ flexGrow: 1 }}
      />
      {isEditable && (
        <IconButton aria-label={`Remove condition ${index + 1}`} title="Remove condition" onClick={onRemove}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}
