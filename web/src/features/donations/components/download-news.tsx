import { Notice } from '@/components/ui/notice';
import type { DownloadNews as News } from '../hooks/use-downloads';

/**
 * The polite live region of a downloads card: progress, the download started (with each file as a link: the
 * links last five minutes), or the failure. Always in the page, so a screen reader hears each change.
 */
export function DownloadNews({ news }: { news: News | null }) {
  return (
    <div className="live-region money-news" aria-live="polite">
      {news ? (
        <Notice tone={news.tone === 'error' ? 'error' : news.tone === 'done' ? 'success' : 'info'}>
          <p>{news.text}</p>
          {news.files.length ? (
            <ul className="money-files">
              {news.files.map((file) => (
                <li key={file.url}>
                  <a href={file.url} download={file.name}>
                    {file.name}
                  </a>{' '}
                  <span className="money-muted">
                    ({file.rows.toLocaleString('en-GB')} {file.rows === 1 ? 'row' : 'rows'})
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {news.files.length ? (
            <p className="money-muted">These links work for five minutes; after that, make the file again.</p>
          ) : null}
        </Notice>
      ) : null}
    </div>
  );
}
