/**
 * The Setup Main Page tab (charity-area spec, "Setup Main Page", section 4 "Main pages" and "Template flow").
 */

import type { CharityProfileResponse } from '@shared/api/schemas/charity-account';
import type { CharityPage, PageTemplateItem } from '@shared/api/schemas/pages';
import { TemplateType } from '@shared/templates';
import { useEffect, useId, useRef, useState } from 'react';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Button } from '@/components/ui/button';
import { DraftOffer } from '@/components/unsaved/draft-offer';
import { pagesChanged } from '../api/pages-api';
import { useMainPages } from '../hooks/use-main-pages';
import { usePageDraftOffer } from '../hooks/use-page-draft';
import { mediaSummary, TOAST_MS, templateName } from '../utils/page-form';
import { LivePageCard } from './live-page-card';
import { MainPageIntro, SavedToast, TemplateChooser } from './main-page-sections';
import { DeletePageDialog, ErrorNotice } from './page-dialogs';
import { PageEditor } from './page-editor';
import { PageList } from './page-list';
import './main-pages.css';
import { LoadingStatus } from '@/components/ui/loading-status';

/** What the dashboard hands a setup tab: the loaded profile (a change reloads it by its route). */
export interface SetupTabProps {
  profile: CharityProfileResponse;
}

type View =
  | { kind: 'home' }
  | {
      kind: 'editor';
      template: PageTemplateItem;
      page: CharityPage | null;
      restored?: Record<string, string>;
    };

export function MainPageTab({ profile }: SetupTabProps) {
  const id = useId();
  const charityName = profile.charity.display_name ?? profile.charity.charity_name;
  const [view, setView] = useState<View>({ kind: 'home' });
  const [chosen, setChosen] = useState<string>(TemplateType.Basic);
  const [listOpen, setListOpen] = useState(false);
  const [toast, setToast] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const accountId = profile.charity.id;
  const mainPages = useMainPages();
  const draft = usePageDraftOffer(accountId, view.kind === 'home' && mainPages.status === 'ready');

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(false), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  const goHome = () => {
    setView({ kind: 'home' });
    window.setTimeout(() => headingRef.current?.focus(), 0);
  };

  const onSaved = async () => {
    goHome();
    setToast(true);
    await pagesChanged();
  };

  const intro = <MainPageIntro headingRef={headingRef} />;

  const toastRegion = <SavedToast shown={toast} />;

  if (!mainPages.lists) {
    return (
      <div className="dash-stack main-pages">
        {intro}
        {mainPages.status !== 'error' ? (
          <LoadingStatus>Loading your pages...</LoadingStatus>
        ) : (
          <div className="red-box red-box--page" role="alert">
            <AuthIcon name="alert" size={20} />
            <div>
              <p>{mainPages.failure}</p>
              <p>
                <button type="button" className="link-button" onClick={() => void mainPages.retry()}>
                  Try again
                </button>
              </p>
            </div>
          </div>
        )}
      </div>
    );
  }

  const { templates, pages, livePageId } = mainPages.lists;
  const livePage = pages.find((p) => p.id === livePageId) ?? pages.find((p) => p.is_live) ?? null;
  const templateFor = (type: string) => templates.find((t) => t.template_type === type) ?? null;

  const edit = (page: CharityPage) => {
    const template = templateFor(page.template_type) ?? templates.find((t) => t.is_active);
    if (!template) return;
    mainPages.setListFailure(null);
    setView({ kind: 'editor', template, page });
  };

  const restoreDraft = () => {
    const stored = draft.offer?.data;
    const page = stored?.pageId ? (pages.find((p) => p.id === stored.pageId) ?? null) : null;
    const template =
      templateFor(page?.template_type ?? stored?.templateType ?? '') ?? templates.find((t) => t.is_active);
    if (!stored || !template) return;
    draft.taken();
    setView({ kind: 'editor', template, page, restored: stored.content });
  };
  const draftPage = draft.offer?.data.pageId ? pages.find((p) => p.id === draft.offer?.data.pageId) : null;

  if (view.kind === 'editor') {
    return (
      <div className="dash-stack main-pages">
        {intro}
        <PageEditor
          key={view.page?.id ?? 'new'}
          template={view.template}
          page={view.page}
          pageNames={pages.filter((p) => p.id !== view.page?.id).map((p) => p.name)}
          charityName={charityName}
          accountId={accountId}
          restored={view.restored}
          onSaved={onSaved}
          onBack={goHome}
        />
        {toastRegion}
      </div>
    );
  }

  const listId = `${id}-list`;
  return (
    <div className="dash-stack main-pages">
      {intro}
      {draft.offer ? (
        <DraftOffer
          what={draftPage ? `the page “${draftPage.name}”` : 'a new main page'}
          savedAt={draft.offer.savedAt}
          files={draft.offer.files}
          onRestore={restoreDraft}
          onDiscard={draft.discard}
        />
      ) : null}
      <LivePageCard
        page={livePage}
        templateName={livePage ? templateName(templates, livePage.template_type) : ''}
        charityName={charityName}
        onEdit={edit}
      />

      <TemplateChooser
        id={id}
        templates={templates}
        hasPages={pages.length > 0}
        chosen={chosen}
        onChoose={setChosen}
        onCustomise={(template) => setView({ kind: 'editor', template, page: null })}
      />

      <section className="card mp-pages" aria-labelledby={`${id}-pages`} data-tour="existing-pages">
        <div className="mp-pages__head">
          <h3 className="dash-card__title" id={`${id}-pages`} ref={listHeadingRef} tabIndex={-1}>
            Your Main Pages
          </h3>
          {pages.length ? (
            <Button
              variant="secondary"
              aria-expanded={listOpen}
              aria-controls={listId}
              onClick={() => setListOpen((open) => !open)}
            >
              View Existing Pages
              <span className={`mp-chevron${listOpen ? ' mp-chevron--open' : ''}`} aria-hidden="true" />
            </Button>
          ) : null}
        </div>
        <p className="dash-card__text">
          {pages.length === 0
            ? 'You have no pages yet. Your pages will be listed here once you save one.'
            : `${pages.length} ${pages.length === 1 ? 'page' : 'pages'}, newest first. One page at a time is live.`}
        </p>
        <p className="mp-list-notice" role="status">
          {mainPages.listNotice}
        </p>
        {!listOpen && mainPages.listFailure ? <ErrorNotice>{mainPages.listFailure}</ErrorNotice> : null}
        <div id={listId} hidden={!listOpen || pages.length === 0}>
          <PageList
            pages={pages}
            templates={templates}
            livePageId={livePage?.id ?? null}
            settingLive={mainPages.settingLive}
            failure={mainPages.listFailure}
            onEdit={edit}
            onSetLive={(page) => void mainPages.setLive(page)}
            onDelete={mainPages.askDelete}
          />
        </div>
      </section>

      <DeletePageDialog
        page={
          mainPages.deleting
            ? {
                name: mainPages.deleting.page.name,
                media: mainPages.deleting.page.media.length
                  ? mediaSummary(mainPages.deleting.page.media)
                  : null,
              }
            : null
        }
        busy={mainPages.deleteBusy}
        failure={mainPages.deleteFailure}
        onCancel={mainPages.cancelDelete}
        onConfirm={() => void mainPages.confirmDelete()}
        returnFocus={() =>
          mainPages.deleted.current ? listHeadingRef.current : (mainPages.deleting?.opener ?? null)
        }
      />
      {toastRegion}
    </div>
  );
}
