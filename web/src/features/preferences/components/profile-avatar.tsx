import { mediaUrl } from '@shared/media';
import { useState } from 'react';
import { useRuntimeConfig } from '@/config/runtime-config-context';

/** Initials of a name (at most two), for the avatar when there is no image. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

/** The charity's profile image (media store: {charityId}/{file name}), or its initials when there is none. */
export function ProfileAvatar({
  charityId,
  imageName,
  name,
  size = 'md',
  alt = '',
}: {
  charityId: string;
  imageName: string | null;
  name: string;
  size?: 'sm' | 'md' | 'lg';
  alt?: string;
}) {
  const { mediaBaseUrl } = useRuntimeConfig();
  const [failed, setFailed] = useState<string | null>(null);
  if (imageName && failed !== imageName) {
    return (
      <img
        className={`pref-avatar pref-avatar--${size}`}
        src={mediaUrl(mediaBaseUrl, `${charityId}/${imageName}`)}
        alt={alt}
        onError={() => setFailed(imageName)}
      />
    );
  }
  return (
    <span
      className={`pref-avatar pref-avatar--${size} pref-avatar--initials`}
      aria-hidden={alt ? undefined : true}
    >
      {alt ? <span className="visually-hidden">{alt}</span> : null}
      <span aria-hidden="true">{initialsOf(name)}</span>
    </span>
  );
}
