import {
  ConditionFault,
  type SaveSegmentRequest,
  SEGMENT_MESSAGES,
  SEGMENT_PROPERTY_LIST,
  type ValidateConditionRequest,
  validateCondition,
} from '@console/domain/abtest';
import { SegmentOperation, SegmentProperty } from '@console/domain/enums';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../test/fakeApi.ts';
import { anAbTest, renderInConsole } from './abtest.test-support.tsx';
import { SegmentEditor } from './SegmentEditor.tsx';

/** The server's answers come from the domain rule, so the masks are the real ones. */
function segmentApi(overrideMask?: number) {
  return fakeApi({
    '/api/segment/property/list': () => ok(SEGMENT_PROPERTY_LIST),
    '/api/segment/validate/condition': ({ body }) =>
      ok(overrideMask ?? validateCondition((body as ValidateConditionRequest).condition)),
    '/api/segment/save': ({ body }) =>
      ok((body as SaveSegmentRequest).segment.conditions.map(validateCondition)),
  });
}

const condition = (n: number) => within(screen.getByRole('group', { name: `Condition ${n}` }));
const isMarked = (field: HTMLElement) =>
  field.closest('.MuiFormControl-root')!.querySelector('.MuiInputBase-root')!.classList.contains('Mui-error');

async function choose(row: ReturnType<typeof condition>, field: string, option: string) {
  await userEvent.click(row.getByRole('combobox', { name: field }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('segment editor', () => {
  it('marks the fields the mask names, then saves once every condition is valid', async () => {
    const api = segmentApi();
    renderInConsole(<SegmentEditor abTest={anAbTest()} />);
    expect(screen.getByText(SEGMENT_MESSAGES.allPlayersTargeted)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    const row = condition(1);
    // property 0 and an empty value: 1 | 4
    await waitFor(() => expect(isMarked(row.getByRole('combobox', { name: 'Property' }))).toBe(true));
    expect(isMarked(row.getByRole('textbox', { name: 'Value' }))).toBe(true);
    expect(isMarked(row.getByRole('combobox', { name: 'Operation' }))).toBe(false);
    expect(screen.queryByText(SEGMENT_MESSAGES.allPlayersTargeted)).toBeNull();

    await choose(row, 'Property', 'Platform');
    await userEvent.type(row.getByRole('textbox', { name: 'Value' }), 'windows');
    // a well-formed platform that is not allowed: 4
    // The property mark goes once a check of the new property has answered.
    await waitFor(() => expect(isMarked(row.getByRole('combobox', { name: 'Property' }))).toBe(false));
    expect(row.getByText('Invalid value')).toBeTruthy();
    expect(api.callsTo('/api/segment/save')).toHaveLength(0);

    await userEvent.clear(row.getByRole('textbox', { name: 'Value' }));
    await userEvent.type(row.getByRole('textbox', { name: 'Value' }), 'ios');
    expect(await screen.findByText(SEGMENT_MESSAGES.saved)).toBeTruthy();
    expect(isMarked(row.getByRole('textbox', { name: 'Value' }))).toBe(false);
    expect(api.callsTo('/api/segment/save').map((call) => call.body)).toEqual([
      {
        abTestId: 'spring-sale',
        segment: {
          conditions: [{ property: SegmentProperty.Platform, op: SegmentOperation.Equals, value: 'ios' }],
        },
      },
    ]);
    // The message goes by itself (after 1.5 s; waited for, not timed)
    await waitFor(() => expect(screen.queryByText(SEGMENT_MESSAGES.saved)).toBeNull());
  });

  it('marks only the operation for an operation fault and says when the value has the wrong format', async () => {
    segmentApi(ConditionFault.Operation | ConditionFault.Format);
    const conditions = [{ property: SegmentProperty.Payer, op: SegmentOperation.Equals, value: 'yes' }];
    renderInConsole(<SegmentEditor abTest={anAbTest({ data: { segment: { conditions } } })} />);
    await userEvent.type(condition(1).getByRole('textbox', { name: 'Value' }), '!');
    await waitFor(() => expect(condition(1).getByText('Invalid operation')).toBeTruthy());
    expect(condition(1).getByText('Invalid format')).toBeTruthy();
    expect(isMarked(condition(1).getByRole('combobox', { name: 'Property' }))).toBe(false);
  });

  it('saves the empty segment when the last condition is removed', async () => {
    const api = segmentApi();
    const conditions = [{ property: SegmentProperty.Payer, op: SegmentOperation.Equals, value: 'true' }];
    renderInConsole(<SegmentEditor abTest={anAbTest({ data: { segment: { conditions } } })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove condition 1' }));
    expect(await screen.findByText(SEGMENT_MESSAGES.saved)).toBeTruthy();
    expect(screen.getByText(SEGMENT_MESSAGES.allPlayersTargeted)).toBeTruthy();
    expect(api.callsTo('/api/segment/save').map((call) => call.body)).toEqual([
      { abTestId: 'spring-sale', segment: { conditions: [] } },
    ]);
  });

  // Read-only while active, and "all players" only when there is no condition.
  it('is read-only while the AB-test is active and does not claim all players when it has conditions', () => {
    segmentApi();
    const conditions = [{ property: SegmentProperty.Payer, op: SegmentOperation.Equals, value: 'true' }];
    renderInConsole(<SegmentEditor abTest={anAbTest({ active: true, data: { segment: { conditions } } })} />);
    expect(screen.queryByText(SEGMENT_MESSAGES.allPlayersTargeted)).toBeNull();
    expect(screen.getByText(SEGMENT_MESSAGES.notEditable)).toBeTruthy();
    expect((condition(1).getByRole('textbox', { name: 'Value' }) as HTMLInputElement).value).toBe('true');
    expect((condition(1).getByRole('textbox', { name: 'Value' }) as HTMLInputElement).disabled).toBe(true);
    expect(condition(1).getByRole('combobox', { name: 'Property' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(screen.queryByRole('button', { name: 'Add condition' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove condition 1' })).toBeNull();
  });

  it('targets all players while the AB-test is active when it has no condition', () => {
    segmentApi();
    renderInConsole(<SegmentEditor abTest={anAbTest({ active: true })} />);
    expect(screen.getByText(SEGMENT_MESSAGES.allPlayersTargeted)).toBeTruthy();
    expect(screen.getByText(SEGMENT_MESSAGES.notEditable)).toBeTruthy();
  });

  it('says what is allowed with an invalid value: the platforms for Platform', async () => {
    segmentApi();
    const conditions = [{ property: SegmentProperty.Platform, op: SegmentOperation.Equals, value: 'ios' }];
    renderInConsole(<SegmentEditor abTest={anAbTest({ data: { segment: { conditions } } })} />);
    const value = condition(1).getByRole('textbox', { name: 'Value' });
    await userEvent.clear(value);
    await userEvent.type(value, 'windows');
    expect(await condition(1).findByText('Allowed: ios, android, amazon, webgl, editor')).toBeTruthy();
    expect(condition(1).getByText('Invalid value')).toBeTruthy();
    expect(value.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(value.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Invalid valueAllowed: ios, android, amazon, webgl, editor',
    );
  });
});
