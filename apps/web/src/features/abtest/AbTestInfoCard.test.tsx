import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AbTestInfoCard } from './AbTestInfoCard.tsx';
import { anAbTest, renderInConsole } from './abtest.test-support.tsx';

describe('AB-test info card', () => {
  it('lets the keyboard reach the warning icon, whose label is the reason, shown in a tooltip', async () => {
    const reason = "All versions of the AB-test 'spring-sale' are active";
    renderInConsole(<AbTestInfoCard abTest={anAbTest()} isConfigurationInvalid invalidMessage={reason} />);
    await userEvent.tab();
    const icon = screen.getByRole('img', { name: reason });
    expect(document.activeElement).toBe(icon);
    await userEvent.hover(icon);
    expect((await screen.findByRole('tooltip')).textContent).toBe(reason);
  });
});
