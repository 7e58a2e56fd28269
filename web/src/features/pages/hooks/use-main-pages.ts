import type { CharityPage, PageTemplateItem } from '@shared/api/schemas/pages';
import { TemplateType } from '@shared/templates';
import { useMemo, useRef, useState } from 'react';
import { messageOf } from '@/lib/api';
import { combineQueries } from '@/lib/query/combine';
import {
  pagesChanged,
  useDeletePage,
  useMainPagesQuery,
  usePageTemplatesQuery,
  useSetLivePage,
} from '../api/pages-api';
import { editButtonId } from '../components/page-list';

const loadFailed = (error: unknown) => `Failed to load your pages: ${messageOf(error)}`;

/** The chooser shows Basic, Multiple Tabs, Customised in that order, whatever order the API uses. */
const TEMPLATE_ORDER: string[] = [TemplateType.Basic, TemplateType.MultipleTabs, TemplateType.Customised];
const byTemplateOrder = (a: PageTemplateItem, b: PageTemplateItem) =>
  (TEMPLATE_ORDER.indexOf(a.template_type) + 1 || 99) - (TEMPLATE_ORDER.indexOf(b.template_type) + 1 || 99);

/**
 * The charity's templates and main pages: loading them (again, quietly, after a change), Set Live and Delete,
 * with the list's notice and failure and the delete dialog's state.
 */
export function useMainPages() {
  const templatesQuery = usePageTemplatesQuery();
  const pagesQuery = useMainPagesQuery();
  const setLivePage = useSetLivePage();
  const deletePage = useDeletePage();
  const [settingLive, setSettingLive] = useState<string | null>(null);
  const [failure, setListFailure] = useState<string | null>(null);
  const [listNotice, setListNotice] = useState('');
  const [deleting, setDeleting] = useState<{ page: CharityPage; opener: HTMLElement } | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  /** After a delete the opener is gone: focus goes to the list's heading. */
  const deleted = useRef(false);

  const { status, error, retry } = combineQueries([templatesQuery, pagesQuery]);
  const templates = useMemo(
    () => (templatesQuery.data ? [...templatesQuery.data.templates].sort(byTemplateOrder) : []),
    [templatesQuery.data],
  );
  const lists =
    status === 'ready' && pagesQuery.data
      ? { templates, pages: pagesQuery.data.pages, livePageId: pagesQuery.data.live_page_id }
      : null;
  // A quiet reload after a change that failed keeps the list on screen and says so beside it.
  const reloadError = templatesQuery.error ?? pagesQuery.error;
  const listFailure = failure ?? (lists && reloadError ? loadFailed(reloadError) : null);

  const setLive = async (page: CharityPage) => {
    setSettingLive(page.id);
    setListFailure(null);
    setListNotice('');
    try {
      await setLivePage.mutate({ pageId: page.id });
      setListNotice(`“${page.name}” is now your live page.`);
      // Its Set Live button is gone: focus stays on the row.
      window.setTimeout(() => document.getElementById(editButtonId(page.id))?.focus(), 0);
    } catch (error) {
      setListFailure(`Failed to set live page: ${messageOf(error)}`);
    } finally {
      setSettingLive(null);
    }
  };

  const askDelete = (page: CharityPage, opener: HTMLElement) => {
    deleted.current = false;
    setDeleteFailure(null);
    setDeleting({ page, opener });
  };

  const cancelDelete = () => !deleteBusy && setDeleting(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteFailure(null);
    try {
      await deletePage.mutate({ pageId: deleting.page.id });
      deleted.current = true;
      setListNotice(`“${deleting.page.name}” was deleted.`);
      setDeleting(null);
      await pagesChanged();
    } catch (error) {
      setDeleteFailure(`Failed to delete page: ${messageOf(error)}`);
    } finally {
      setDeleteBusy(false);
    }
  };

  return {
    status,
    failure: status === 'error' ? loadFailed(error) : null,
    lists,
    retry,
    settingLive,
    listFailure,
    setListFailure,
    listNotice,
    setLive,
    deleting,
    deleteBusy,
    deleteFailure,
    deleted,
    askDelete,
    cancelDelete,
    confirmDelete,
  };
}
