import { EVENT_LINK_MAX, EVENT_PLACE_MAX, POST_TITLE_MAX } from '@shared/posts';
import { TextAreaField, TextField } from '@/components/form/form-field';
import {
  controlIdOf,
  type FormProblems,
  hasTitle,
  type PostForm,
  textLabelOf,
  textMaxOf,
} from '../utils/post-form';

interface PostFieldsProps {
  form: PostForm;
  problems: FormProblems;
  disabled: boolean;
  change: (patch: Partial<PostForm>) => void;
}

const UK_TIME = 'UK time';

/** The words of a post by type: title, text with its counter, and an event's times and place. */
export function PostFields({ form, problems, disabled, change }: PostFieldsProps) {
  const max = textMaxOf(form.type);
  const used = form.text.length;
  return (
    <>
      {hasTitle(form.type) ? (
        <TextField
          id={controlIdOf('content.title')}
          label="Title"
          value={form.title}
          onValueChange={(title) => change({ title })}
          error={problems['content.title']}
          maxLength={POST_TITLE_MAX}
          disabled={disabled}
        />
      ) : null}
      <TextAreaField
        id={controlIdOf('content.text')}
        label={form.type === 'photo' ? 'Caption (optional)' : textLabelOf(form.type)}
        value={form.text}
        onValueChange={(text) => change({ text })}
        error={problems['content.text']}
        rows={form.type === 'story' ? 10 : 4}
        disabled={disabled}
        hint={
          <span className={used > max ? 'post-counter post-counter--over' : 'post-counter'}>
            {used.toLocaleString('en-GB')} of {max.toLocaleString('en-GB')} characters
          </span>
        }
      />
      {form.type === 'event' ? (
        <EventFields form={form} problems={problems} disabled={disabled} change={change} />
      ) : null}
    </>
  );
}

function EventFields({ form, problems, disabled, change }: PostFieldsProps) {
  return (
    <>
      <div className="post-times">
        <TextField
          id={controlIdOf('content.starts_at')}
          label="Starts"
          type="datetime-local"
          hint={UK_TIME}
          value={form.startsAt}
          onValueChange={(startsAt) => change({ startsAt })}
          error={problems['content.starts_at']}
          disabled={disabled}
        />
        <TextField
          id={controlIdOf('content.ends_at')}
          label="Ends"
          type="datetime-local"
          hint={UK_TIME}
          value={form.endsAt}
          onValueChange={(endsAt) => change({ endsAt })}
          error={problems['content.ends_at']}
          disabled={disabled}
        />
      </div>
      <fieldset className="post-field">
        <legend className="post-field__legend">Where</legend>
        <div className="post-choice">
          <label className="post-choice__option">
            <input
              type="radio"
              name="post-where"
              checked={!form.online}
              disabled={disabled}
              onChange={() => change({ online: false })}
            />
            At a place
          </label>
          <label className="post-choice__option">
            <input
              type="radio"
              name="post-where"
              checked={form.online}
              disabled={disabled}
              onChange={() => change({ online: true })}
            />
            Online
          </label>
        </div>
        {form.online ? (
          <TextField
            id={controlIdOf('content.link')}
            label="Link to join"
            type="url"
            hint="Starts with https://"
            value={form.link}
            onValueChange={(link) => change({ link })}
            error={problems['content.link']}
            maxLength={EVENT_LINK_MAX}
            disabled={disabled}
          />
        ) : (
          <TextField
            id={controlIdOf('content.place')}
            label="Place"
            value={form.place}
            onValueChange={(place) => change({ place })}
            error={problems['content.place']}
            maxLength={EVENT_PLACE_MAX}
            disabled={disabled}
          />
        )}
      </fieldset>
    </>
  );
}
