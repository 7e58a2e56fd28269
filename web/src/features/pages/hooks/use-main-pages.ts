import type { CharityPage, PageTemplateItem } from '@shared/api/schemas/pages';
import { TemplateType } from '@shared/templates';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi, messageOf } from '@/lib/api';
import { requireToken } from '@/lib/session-token';
import { editButtonId } from '../components/page-list';
import { SaveMessage } from '../utils/page-form';

type Load =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; templates: PageTemplateItem[]; pages: CharityPage[]; livePageId: string | null };

/** The chooser shows Basic, Multiple Tabs, Customised in that order, whatever order the API uses. */
const TEMPLATE_ORDER: string[] = [TemplateType.Basic, TemplateType.MultipleTabs, TemplateType.Customised];
const byTemplateOrder = (a: PageTemplateItem, b: PageTemplateItem) =>
  (TEMPLATE_ORDER.indexOf(a.template_type) + 1 || 99) - (TEMPLATE_ORDER.indexOf(b.template_type) + 1 || 99);

/**
 * The charity's templates and main pages: loading them (again, quietly, after a change), Set Live and Delete,
 * with the list's notice and failure and the delete dialog's state.
 */
export function useMainPages({
  getToken,
  onProfileChanged,
}: {
  getToken: () => Promise<string | null>;
  onProfileChanged: () => Promise<void>;
}) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [settingLive, setSettingLive] = useState<string | null>(null);
  const [listFailure, setListFailure] = useState<string | null>(null);
  const [listNotice, setListNotice] = useState('');
  const [deleting, setDeleting] = useState<{ page: CharityPage; opener: HTMLElement } | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  /** After a delete the opener is gone: focus goes to the list's heading. */
  const deleted = useRef(false);

  const loadAll = useCallback(
    async (quiet = false) => {
      if (!quiet) setLoad({ kind: 'loading' });
      try {
        const token = await requireToken(getToken, SaveMessage.sessionExpired);
        const [templates, pages] = await Promise.all([
          callApi('list-page-templates', {}, { token }),
          callApi('list-pages', {}, { token }),
        ]);
        setLoad({
          kind: 'ready',
          templates: [...templates.templates].sort(byTemplateOrder),
          pages: pages.pages,
          livePageId: pages.live_page_id,
        });
      } catch (error) {
        if (quiet) {
          setListFailure(`Failed to load your pages: ${messageOf(error)}`);
          return;
        }
        setLoad({ kind: 'error', message: `Failed to load your pages: ${messageOf(error)}` });
      }
    },
    [getToken],
  );

  useEffect(() => {
    void loadAll();
  }, [loadAll]);

  const setLive = async (page: CharityPage) => {
    setSettingLive(page.id);
    setListFailure(null);
    setListNotice('');
    try {
      const token = await requireToken(getToken, SaveMessage.sessionExpired);
      await callApi('set-live-page', { pageId: page.id }, { token });
      await loadAll(true);
      setListNotice(`“${page.name}” is now your live page.`);
      // Its Set Live button is gone: focus stays on the row.
      window.setTimeout(() => document.getElementById(editButtonId(page.id))?.focus(), 0);
      await onProfileChanged();
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
      const token = await requireToken(getToken, SaveMessage.sessionExpired);
      await callApi('delete-page', { pageId: deleting.page.id }, { token });
      deleted.current = true;
      setListNotice(`“${deleting.page.name}” was deleted.`);
      setDeleting(null);
      await loadAll(true);
      await onProfileChanged();
    } catch (error) {
      setDeleteFailure(`Failed to delete page: ${messageOf(error)}`);
    } finally {
      setDeleteBusy(false);
    }
  };

  return {
    load,
    loadAll,
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
