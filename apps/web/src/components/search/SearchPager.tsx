import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

interface SearchPagerProps {
  /** Pages before the one shown (0: the first page). */
  pageIndex: number;
  limit: number;
  shown: number;
  total: number;
  isTotalCapped: boolean;
  hasNext: boolean;
  /** The page shown is kept while the next loads: no range, no second click. */
  isLoading: boolean;
  onPrevious(): void;
  onNext(): void;
  what: string;
}

/** Which rows show, of how many matches, and the previous and next page. */
export function SearchPager(props: SearchPagerProps) {
  const { pageIndex, limit, shown, total, isTotalCapped, hasNext, isLoading } = props;
  const first = pageIndex * limit + 1;
  const of = `${total.toLocaleString('en-US')}${isTotalCapped ? '+' : ''}`;
  // An empty page says nothing here: the table says there are none.
  const range = shown === 0 ? '' : `${first}–${first + shown - 1} of ${of} ${props.what}`;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
        {isLoading ? '' : range}
      </Typography>
      <Button size="small" onClick={props.onPrevious} disabled={isLoading || pageIndex === 0}>
        Previous page
      </Button>
      <Button size="small" onClick={props.onNext} disabled={isLoading || !hasNext}>
        Next page
      </Button>
    </Box>
  );
}
