// The A/B-test feature's public module: the components other features (the plugin details) use.
export { AbTestInfoCard, type AbTestInfoCardProps } from './AbTestInfoCard.tsx';
export { AbTestPickerModal, type AbTestPickerModalProps } from './AbTestPickerModal.tsx';
