import { type KeyboardEvent, useRef } from 'react';
import { DASHBOARD_TABS, type DashboardTab, tabForKey } from '@/lib/dashboard-tabs';

export const tabId = (tab: DashboardTab) => `dashboard-tab-${tab}`;
export const panelId = (tab: DashboardTab) => `dashboard-panel-${tab}`;

/**
 * The six tabs as a WAI-ARIA tablist: one tab in the Tab order (the selected one), arrow keys, Home and End
 * move between tabs and select them (automatic activation, the panels are static and quick).
 */
export function DashboardTabList({
  active,
  onSelect,
}: {
  active: DashboardTab;
  onSelect: (tab: DashboardTab) => void;
}) {
  const refs = useRef(new Map<DashboardTab, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabForKey(active, event.key);
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div className="dash-tabs" role="tablist" aria-label="Dashboard sections" onKeyDown={onKeyDown}>
      {DASHBOARD_TABS.map((tab) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            ref={(node) => {
              if (node) refs.current.set(tab.id, node);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            className="dash-tabs__tab"
            aria-selected={selected}
            aria-controls={selected ? panelId(tab.id) : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
