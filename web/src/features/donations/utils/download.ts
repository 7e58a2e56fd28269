/**
 * Starts a browser download of an export's short-lived signed link (the bucket answers it with
 * `Content-Disposition: attachment`, so the page stays where it is).
 */
export function startDownload(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
