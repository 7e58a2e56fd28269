import { SaveCharityCausesRequest } from '@shared/api/schemas/causes';
import { CharityCausesMessage } from '@shared/charity-causes';
import { RegisterUnavailableError } from '../../adapters/register/port';
import { NotFoundError, ServiceUnavailableError } from '../../lib/http-errors';
import { getCharityCauses, saveCharityCauses } from './charity-causes';

const profile = { id: 'user-1', registration_number: '5200001' };

function deps(over: { causes?: number[]; gone?: boolean; registerDown?: boolean } = {}) {
  const saved: (readonly number[] | null)[] = [];
  return {
    saved,
    charities: {
      getProfile: async () =>
        over.gone ? undefined : ({ ...profile, ...(over.causes ? { causes: over.causes } : {}) } as never),
      setCauses: async (_id: string, codes: readonly number[] | null) => {
        saved.push(codes);
        return !over.gone;
      },
    },
    register: {
      facts: async (numbers: readonly string[]) => {
        if (over.registerDown) throw new RegisterUnavailableError('down');
        return new Map(
          numbers.map((n) => [n, { registered: true, income: 1, causes: [307, 105, 999, 201] }]),
        );
      },
    },
  };
}

describe('a charity choosing its causes', () => {
  it("answers no choice yet and the register's causes (known ones, in the register's order)", async () => {
    await expect(getCharityCauses(deps(), 'user-1')).resolves.toEqual({
      success: true,
      causes: null,
      register_causes: ['poverty-relief', 'children', 'advice'],
    });
  });

  it('answers its own choice beside the register suggestion', async () => {
    const answer = await getCharityCauses(deps({ causes: [111, 306] }), 'user-1');
    expect(answer.causes).toEqual(['animals', 'services']);
  });

  it('says the register cannot be read (503), and that a deleted account has no causes (404)', async () => {
    await expect(getCharityCauses(deps({ registerDown: true }), 'user-1')).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
    await expect(getCharityCauses(deps({ gone: true }), 'user-1')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('saves the codes sorted, answering their slugs; a deleted account saves nothing', async () => {
    const d = deps();
    await expect(saveCharityCauses(d, 'user-1', [306, 111])).resolves.toEqual({
      success: true,
      causes: ['animals', 'services'],
    });
    expect(d.saved).toEqual([[111, 306]]);
    await expect(saveCharityCauses(deps({ gone: true }), 'user-1', [111])).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe('SaveCharityCausesRequest', () => {
  const parse = (body: unknown) => SaveCharityCausesRequest.safeParse(body);
  const message = (body: unknown) => {
    const out = parse(body);
    return out.success ? null : out.error.issues[0]?.message;
  };

  it('reads slugs of the register list as sorted codes, each once', () => {
    expect(parse({ causes: ['services', 'animals', 'animals', ' children '] })).toEqual({
      success: true,
      data: { causes: [111, 201, 306] },
    });
  });

  it('refuses an unknown cause by name, none, too many and anything but a list of names', () => {
    expect(message({ causes: ['animals', 'unicorns'] })).toBe(CharityCausesMessage.Unknown('unicorns'));
    expect(message({ causes: [] })).toBe(CharityCausesMessage.NoneChosen);
    expect(message({})).toBe(CharityCausesMessage.NoneChosen);
    const eleven = [
      'animals',
      'sport',
      'recreation',
      'education',
      'health',
      'disability',
      'housing',
      'religion',
    ];
    expect(message({ causes: [...eleven, 'children', 'older-people', 'research'] })).toBe(
      CharityCausesMessage.TooMany,
    );
    expect(message({ causes: 'animals' })).toBe(CharityCausesMessage.NotAList);
    expect(message({ causes: [111] })).toBe(CharityCausesMessage.NotAList);
    expect(message({ causes: ['x'.repeat(65)] })).toBe(CharityCausesMessage.NotAList);
    expect(parse({ causes: ['animals'], extra: 1 }).success).toBe(false);
  });
});
