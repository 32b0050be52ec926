// The A/B-test components other features use (the plugin details of a later issue).
export { AbTestInfoCard, type AbTestInfoCardProps } from './AbTestInfoCard.tsx';
export { AbTestPickerModal, type AbTestPickerModalProps } from './AbTestPickerModal.tsx';
