import { CAUSE_GROUPS, CAUSES } from '@shared/causes';

/**
 * The cause select's options: "Any cause", then the register's causes grouped under their headings (What the
 * charity does, Who it helps, How it works), each by its donor-facing label, its slug the value.
 */
export function CauseOptions({ groups = CAUSE_GROUPS }: { groups?: typeof CAUSE_GROUPS }) {
  return (
    <>
      <option value="">Any cause</option>
      {groups.map(({ group, heading }) => (
        <optgroup key={group} label={heading}>
          {CAUSES.filter((c) => c.group === group).map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.label}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
