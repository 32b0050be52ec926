// Moved to components/ (every screen's disabled controls say why); kept for the A/B-test screens.
export { WhyDisabled } from '../../components/WhyDisabled.tsx';
