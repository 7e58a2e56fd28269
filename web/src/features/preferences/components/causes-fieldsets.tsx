import { CAUSE_GROUPS, CAUSES, type CauseGroup } from '@shared/causes';
import { Fragment } from 'react';
import './causes.css';

const byGroup = (group: CauseGroup) => CAUSES.filter((cause) => cause.group === group);

/** A label that may break after its slashes ("Environment/conservation/heritage" is one long word). */
function Breakable({ text }: { text: string }) {
  return text.split('/').map((part, i, parts) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed label, never reordered
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 ? (
        <>
          /<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

/**
 * The register's causes as three groups of checkboxes (What the charity does, Who it helps, How it works),
 * each a fieldset with its legend; causes in the register's own classification of the charity are marked.
 */
export function CauseFieldsets({
  chosen,
  fromRegister,
  disabled,
  describedBy,
  onToggle,
}: {
  chosen: ReadonlySet<string>;
  /** The register's causes for the charity (marked "On the register"). */
  fromRegister: ReadonlySet<string>;
  disabled?: boolean;
  /** The counter and any error, read with every checkbox. */
  describedBy?: string;
  onToggle: (slug: string, on: boolean) => void;
}) {
  return (
    <div className="cause-groups">
      {CAUSE_GROUPS.map(({ group, heading }) => (
        <fieldset key={group} className="cause-group">
          <legend className="cause-group__legend">{heading}</legend>
          <ul className="cause-group__list">
            {byGroup(group).map((cause) => {
              const id = `cause-${cause.slug}`;
              const onRegister = fromRegister.has(cause.slug);
              return (
                <li key={cause.slug} className="cause-check">
                  <input
                    id={id}
                    type="checkbox"
                    className="cause-check__input"
                    checked={chosen.has(cause.slug)}
                    disabled={disabled}
                    aria-describedby={describedBy}
                    onChange={(event) => onToggle(cause.slug, event.target.checked)}
                  />
                  <label htmlFor={id} className="cause-check__label">
                    <Breakable text={cause.label} />
                    {onRegister ? <span className="cause-check__tag">On the register</span> : null}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
