import { type DiscoverQuery, PLACE_MAX, SIZE_BANDS } from '@shared/discover';
import { paths } from '@shared/site/paths';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FieldFrame } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { type ListingView, listingHref, VIEW_KEY } from '../utils/listing';
import { CauseOptions } from './cause-options';

/**
 * The listing's filters: a plain GET form to `/charities` (it works before the app has loaded, and without
 * JavaScript); with the app, a search is a navigation in the page (no reload), its filters in the address.
 */
export function FilterForm({ query, view }: { query: DiscoverQuery; view: ListingView }) {
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    // A new search starts at its first page; the reader stays where they are, by the results.
    void navigate(listingHref({ cause: text('cause'), place: text('place'), size: text('size') }, view), {
      state: { keepScroll: true },
    });
  };
  const place = query.place?.trim() ?? '';
  const filtered = Boolean(query.cause?.trim() || place || query.size?.trim());
  return (
    <search aria-label="Find a charity">
      <form className="card discover-form" method="get" action={paths.charities.path} onSubmit={onSubmit}>
        {/* The map stays open for a new search (before the app has loaded too). */}
        {view === 'map' ? <input type="hidden" name={VIEW_KEY} value="map" /> : null}
        <div className="discover-form__fields">
          <FieldFrame id="discover-cause" label="Cause">
            <select
              id="discover-cause"
              name="cause"
              className="form-field__input form-field__select"
              defaultValue={query.cause ?? ''}
            >
              <CauseOptions />
            </select>
          </FieldFrame>
          <FieldFrame id="discover-place" label="Place" hint="A town or a full UK postcode">
            <input
              id="discover-place"
              name="place"
              type="text"
              className="form-field__input"
              defaultValue={place}
              maxLength={PLACE_MAX}
              placeholder="Anywhere in the UK"
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
              aria-describedby="discover-place-hint"
            />
          </FieldFrame>
          <FieldFrame id="discover-size" label="Size">
            <select
              id="discover-size"
              name="size"
              className="form-field__input form-field__select"
              defaultValue={query.size ?? ''}
            >
              <option value="">Any size</option>
              {SIZE_BANDS.map((band) => (
                <option key={band.slug} value={band.slug}>
                  {band.label}
                </option>
              ))}
            </select>
          </FieldFrame>
        </div>
        <div className="discover-form__actions">
          <Button type="submit" variant="primary">
            Show charities
          </Button>
          {place ? (
            <Link
              to={listingHref({ ...query, place: undefined, page: undefined }, view)}
              state={{ keepScroll: true }}
            >
              Anywhere in the UK
            </Link>
          ) : null}
          {filtered ? (
            <Link to={listingHref({}, view)} state={{ keepScroll: true }}>
              Clear all filters
            </Link>
          ) : null}
        </div>
      </form>
    </search>
  );
}
