/** @jest-environment jsdom */
import { ErrorCode } from '@shared/api/error-codes';
import type { GetCharityCausesResponse } from '@shared/api/schemas/causes';
import { CharityCausesMessage } from '@shared/charity-causes';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError } from '@/lib/api';
import { clearScope, useRouteQuery } from '@/lib/query';
import { saveCharityCauses, useCharityCausesQuery } from '../api/preferences-api';
import { CausesPage } from './causes-page';

jest.mock('@/features/charity-auth', () => ({
  useCharitySession: () => ({ session: { status: 'signed-in' }, signOut: jest.fn() }),
}));
// The page's calls, faked: the read goes through the real query layer with a fake loader.
jest.mock('../api/preferences-api', () => ({
  useCharityCausesQuery: jest.fn(),
  saveCharityCauses: jest.fn(),
}));

let load: jest.Mock<Promise<GetCharityCausesResponse>, []>;
const NEVER_CHOSEN: GetCharityCausesResponse = {
  success: true,
  causes: null,
  register_causes: ['poverty-relief', 'children', 'services'],
};

beforeEach(() => {
  load = jest.fn();
  jest.mocked(saveCharityCauses).mockReset();
  jest
    .mocked(useCharityCausesQuery)
    .mockImplementation((enabled) => useRouteQuery('test', 'get-charity-causes', {}, load, { enabled }));
});
afterEach(() => {
  clearScope('test');
  jest.restoreAllMocks();
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <CausesPage />
    </MemoryRouter>,
  );
// jsdom reads a space for the <wbr> after a label's slash (Chromium does not): either way is the label.
const box = (name: string) =>
  screen.getByRole('checkbox', { name: new RegExp(`^${name.replaceAll('/', '/ ?')}`) }) as HTMLInputElement;
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Causes' })));

describe('the causes page', () => {
  it("ticks the register's causes until the charity chooses, in What / Who / How groups", async () => {
    load.mockResolvedValue(NEVER_CHOSEN);
    renderPage();
    const what = await screen.findByRole('group', { name: 'What the charity does' });
    expect(screen.getByRole('group', { name: 'Who the charity helps' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'How the charity works' })).toBeTruthy();
    expect(
      (within(what).getByRole('checkbox', { name: /^Poverty relief/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(box('Children/young people').checked).toBe(true);
    expect(box('Animals').checked).toBe(false);
    expect(screen.getAllByText('On the register')).toHaveLength(3);
    expect(screen.getByText('3 of at most 10 chosen')).toBeTruthy();
    expect(screen.getByText(/Donors find you by these causes on/).textContent).toContain('/charities');
  });

  it('saves the causes chosen and says so', async () => {
    load.mockResolvedValue(NEVER_CHOSEN);
    jest
      .mocked(saveCharityCauses)
      .mockResolvedValue({ success: true, causes: ['poverty-relief', 'animals'] });
    renderPage();
    await screen.findByRole('group', { name: 'What the charity does' });
    fireEvent.click(box('Animals'));
    fireEvent.click(box('Children/young people'));
    fireEvent.click(box('Services'));
    await save();
    expect(saveCharityCauses).toHaveBeenCalledWith(['poverty-relief', 'animals']);
    expect(screen.getByText(CharityCausesMessage.Saved)).toBeTruthy();
    expect(box('Animals').checked).toBe(true);
    expect(box('Services').checked).toBe(false);
  });

  it('asks for at least one cause, and at most ten, before saving', async () => {
    load.mockResolvedValue({ ...NEVER_CHOSEN, causes: ['animals'] });
    renderPage();
    await screen.findByRole('group', { name: 'What the charity does' });
    fireEvent.click(box('Animals'));
    expect(screen.getByRole('alert').textContent).toBe(CharityCausesMessage.NoneChosen);
    await save();
    expect(saveCharityCauses).not.toHaveBeenCalled();
    const eleven = ['Education', 'Health', 'Disability', 'Poverty', 'Overseas', 'Accommodation', 'Religious'];
    for (const name of [...eleven, 'Amateur sport', 'Recreation', 'Animals', 'Research'])
      fireEvent.click(box(name));
    expect(screen.getByRole('alert').textContent).toBe(CharityCausesMessage.TooMany);
    await save();
    expect(saveCharityCauses).not.toHaveBeenCalled();
  });

  it("shows the API's refusal under the form", async () => {
    load.mockResolvedValue(NEVER_CHOSEN);
    jest.mocked(saveCharityCauses).mockRejectedValue(
      new ApiError({
        status: 400,
        code: ErrorCode.ValidationFailed,
        message: CharityCausesMessage.NoneChosen,
      }),
    );
    renderPage();
    await screen.findByRole('group', { name: 'What the charity does' });
    await save();
    expect(screen.getByRole('alert').textContent).toBe(
      `Failed to save your causes: ${CharityCausesMessage.NoneChosen}`,
    );
  });
});
