import { CAPTION_FILE_TYPE, mediaUrl } from '@shared/media';
import { useEffect, useState, type VideoHTMLAttributes } from 'react';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import type { CaptionFileDraft } from '@/lib/media/media-words';

/**
 * Where a video's caption file can be read: the stored file on the media origin, or a file chosen in an editor
 * from an object URL (revoked when the file changes or the video goes). Null when there is none.
 */
export function useCaptionFileUrl(file: CaptionFileDraft | string | null | undefined): string | null {
  const { mediaBaseUrl } = useRuntimeConfig();
  const path = typeof file === 'string' ? file : file && 'path' in file ? file.path : null;
  const text = file && typeof file !== 'string' && 'text' in file ? file.text : null;
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (text === null) {
      setObjectUrl(null);
      return;
    }
    const url = URL.createObjectURL(new Blob([text], { type: CAPTION_FILE_TYPE }));
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [text]);
  if (text !== null) return objectUrl;
  return path ? mediaUrl(mediaBaseUrl, path) : null;
}

/**
 * A video's English captions, shown by default (`<track kind="captions">`).
 */
export function CaptionTrack({ src }: { src: string | null }) {
  if (!src) return null;
  return <track kind="captions" srcLang="en" label="English" src={src} default />;
}

/**
 * A video with its caption file, if any, as its default English captions. With a track the video is
 * `crossOrigin="anonymous"`: a track from another origin (the media CDN) is read only with CORS.
 */
export function CaptionedVideo({
  captionFile,
  ...video
}: VideoHTMLAttributes<HTMLVideoElement> & { captionFile?: CaptionFileDraft | string | null }) {
  const track = useCaptionFileUrl(captionFile);
  return (
    <video {...video} {...(track ? { crossOrigin: 'anonymous' } : {})}>
      <CaptionTrack src={track} />
    </video>
  );
}
