import { type ConfigKindId, MAX_ACTIVATION_DURATION_SECONDS, OFFER_LABELS } from '@console/domain/config';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DurationFormField } from '../../../components/form/DurationFormField.tsx';
import { NumberFormField } from '../../../components/form/NumberFormField.tsx';
import { AddIcon, DeleteOutlinedIcon } from '../../../components/icons.tsx';
import { useBoundedList } from './sections/useBoundedList.ts';

/**
 * Offer editors (Store Products, Three for one, Two or one, Snake, Progression, Comeback):
 * Show offer frequency as a duration and the product entries, each a Product Id and a Target, as
 * many as the kind allows. Entries are rows, not tabs: a Snake offer has up to 50.
 */
export function OfferEditor({ kind }: { kind: ConfigKindId }) {
  const list = useBoundedList(kind);
  return (
    <Stack spacing={3}>
      <DurationFormField
        name="data.showFrequency"
        label={OFFER_LABELS.showFrequency}
        max={MAX_ACTIVATION_DURATION_SECONDS}
      />
      <Stack component="section" aria-label={list.label} spacing={1.5}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle1" component="h3">
            {list.label}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {list.fields.length} of at most {list.max}
          </Typography>
          <Button size="small" startIcon={<AddIcon />} disabled={!list.canAdd} onClick={list.add}>
            Add product
          </Button>
        </Stack>
        {list.error && <Alert severity="error">{list.error}</Alert>}
        {list.fields.map((field, index) => (
          <Stack key={field.id} direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography variant="body2" sx={{ minWidth: 24, pt: 1 }}>
              {index + 1}.
            </Typography>
            <NumberFormField name={`${list.name}.${index}.productId`} label={OFFER_LABELS.productId} />
            <NumberFormField name={`${list.name}.${index}.target`} label={OFFER_LABELS.target} />
            <IconButton
              aria-label={`Remove product ${index + 1}`}
              disabled={!list.canRemove}
              onClick={() => list.remove(index)}
            >
              <DeleteOutlinedIcon />
            </IconButton>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
