import type { CharityPage, PageTemplateItem } from '@shared/api/schemas/pages';
import { mediaUrl } from '@shared/media';
import { PageMessage } from '@shared/pages';
import { useId } from 'react';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Button } from '@/components/ui/button';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { formatPageDate, mediaSummary, templateName } from '../utils/page-form';
import { ErrorNotice } from './page-dialogs';

interface PageListProps {
  pages: readonly CharityPage[];
  templates: readonly PageTemplateItem[];
  livePageId: string | null;
  /** The page whose Set Live is running. */
  settingLive: string | null;
  failure: string | null;
  onEdit: (page: CharityPage) => void;
  onSetLive: (page: CharityPage) => void;
  onDelete: (page: CharityPage, opener: HTMLElement) => void;
}

/** The id of a row's Edit Page button (focus goes there after the row's Set Live). */
export const editButtonId = (pageId: string) => `mp-edit-${pageId}`;

/** 'Your Main Pages': every page, newest first, with Edit Page, Set Live and Delete. */
export function PageList({
  pages,
  templates,
  livePageId,
  settingLive,
  failure,
  onEdit,
  onSetLive,
  onDelete,
}: PageListProps) {
  const { mediaBaseUrl } = useRuntimeConfig();
  const id = useId();
  const liveNoteId = `${id}-live-note`;

  return (
    <div className="mp-list">
      {failure ? <ErrorNotice>{failure}</ErrorNotice> : null}
      <p id={liveNoteId} className="visually-hidden">
        {PageMessage.LiveCannotBeDeleted}
      </p>
      <ul className="mp-list__items">
        {pages.map((page) => {
          const live = page.id === livePageId || page.is_live;
          const first = page.media[0];
          return (
            <li key={page.id} className={`mp-row${live ? ' mp-row--live' : ''}`}>
              <div className="mp-row__thumb" aria-hidden="true">
                {first?.media_type === 'image' ? (
                  <img src={mediaUrl(mediaBaseUrl, first.file_path)} alt="" loading="lazy" />
                ) : first ? (
                  <video src={mediaUrl(mediaBaseUrl, first.file_path)} muted preload="metadata" />
                ) : (
                  <AuthIcon name="sprout" size={24} />
                )}
              </div>
              <div className="mp-row__body">
                <h4 className="mp-row__name">
                  {page.name}
                  {live ? (
                    <span className="status-pill status-pill--done mp-live-pill">
                      <span className="live-dot live-dot--on" aria-hidden="true" />
                      Live
                    </span>
                  ) : null}
                </h4>
                <p className="mp-row__meta">
                  {templateName(templates, page.template_type)} template · Created{' '}
                  {formatPageDate(page.created_at)} · {mediaSummary(page.media)}
                </p>
              </div>
              <div className="mp-row__actions">
                <Button variant="secondary" id={editButtonId(page.id)} onClick={() => onEdit(page)}>
                  Edit Page<span className="visually-hidden">: {page.name}</span>
                </Button>
                {live ? null : (
                  <Button
                    variant="secondary"
                    onClick={() => onSetLive(page)}
                    disabled={settingLive !== null}
                    aria-busy={settingLive === page.id}
                  >
                    {settingLive === page.id ? 'Setting Live...' : 'Set Live'}
                    <span className="visually-hidden">: {page.name}</span>
                  </Button>
                )}
                <span className="mp-tip">
                  <button
                    type="button"
                    className="button button--quiet button--md mp-delete"
                    aria-disabled={live ? 'true' : undefined}
                    aria-describedby={live ? liveNoteId : undefined}
                    onClick={(event) => {
                      if (!live) onDelete(page, event.currentTarget);
                    }}
                  >
                    <AuthIcon name="trash" size={18} />
                    Delete<span className="visually-hidden">: {page.name}</span>
                  </button>
                  {live ? (
                    <span className="mp-tip__text" aria-hidden="true">
                      {PageMessage.LiveCannotBeDeleted}
                    </span>
                  ) : null}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
