import Slider, { type SliderProps } from '@mui/material/Slider';

/** A value on a scale, dragged or stepped with the arrow keys, outside a schema form. */
export function SliderField(props: SliderProps) {
  return <Slider {...props} />;
}
