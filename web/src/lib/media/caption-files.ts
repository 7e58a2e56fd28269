import {
  CAPTION_FILE_TYPE,
  CaptionFileMessage,
  captionFileProblem,
  looksLikeCaptionFile,
  MAX_CAPTION_FILE_BYTES,
} from '@shared/media';
import type { UploadableFile } from '@/lib/media-upload';
import { type CaptionFileDraft, newCaptionFile, type WordsDraft } from './media-words';

/**
 * Reads a chosen caption file, checked the moment it is chosen with the API's own rules (type, 512 KB, starts
 * with WEBVTT, UTF-8 without control characters): the file as the editor keeps it, or the problem to show.
 */
export async function readCaptionFile(
  file: File,
): Promise<{ file: CaptionFileDraft; problem?: undefined } | { problem: string }> {
  if (!looksLikeCaptionFile(file)) return { problem: CaptionFileMessage.WrongType };
  if (file.size > MAX_CAPTION_FILE_BYTES) return { problem: CaptionFileMessage.TooLarge };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const problem = captionFileProblem(bytes);
  if (problem) return { problem };
  // The text as decoded (without a byte order mark): what is uploaded, and shown in the preview.
  return { file: { name: file.name, text: new TextDecoder().decode(bytes) } };
}

/** A chosen caption file as an upload form takes it. */
export const captionUpload = (text: string): UploadableFile => ({
  blob: new Blob([text], { type: CAPTION_FILE_TYPE }),
  contentType: CAPTION_FILE_TYPE,
});

/**
 * Uploads the caption files chosen for the items (in order, one at a time) and returns each uploaded key by
 * item id; `send` stores one file for its item and returns its key.
 */
export async function uploadCaptionFiles<T extends { id: string; words: WordsDraft }>(
  items: readonly T[],
  send: (file: UploadableFile, item: T) => Promise<string>,
): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  for (const item of items) {
    const chosen = newCaptionFile(item.words);
    if (chosen) keys.set(item.id, await send(captionUpload(chosen.text), item));
  }
  return keys;
}
