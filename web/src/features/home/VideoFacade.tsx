// Privacy-friendly video (spec §1 home): a poster with a play button; the
// player (youtube-nocookie.com) loads only after the click, so no request
// reaches the video service and no cookie is set before the visitor chooses.
import { useState } from 'react';
import { safeHref } from '../../lib/safeHref';

/** The id of a YouTube link (watch?v=, youtu.be/, embed/, shorts/), or null. */
export function youtubeId(url: string): string | null {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.replace(/^www\./, '');
    let id: string | null = null;
    if (host === 'youtu.be') id = parsed.pathname.slice(1);
    else if (host.endsWith('youtube.com') || host.endsWith('youtube-nocookie.com')) {
      id =
        parsed.searchParams.get('v') ??
        /^\/(?:embed|shorts|live)\/([^/]+)/.exec(parsed.pathname)?.[1] ??
        null;
    }
    return id && /^[\w-]{6,20}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

export function VideoFacade({ url, title }: { url: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  const id = youtubeId(url);
  if (!id) {
    const href = safeHref(url);
    if (!href) return null;
    return (
      <p>
        <a href={href} target="_blank" rel="noreferrer">
          Guarda il video: {title}
        </a>
      </p>
    );
  }
  if (playing) {
    return (
      <iframe
        className="video-frame"
        src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`}
        title={title}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
      />
    );
  }
  return (
    <div>
      <button
        type="button"
        className="video-facade d-flex flex-column align-items-center justify-content-center"
        onClick={() => setPlaying(true)}
      >
        <span className="video-facade__play" aria-hidden="true">
          ▶
        </span>
        <span className="fw-semibold">Guarda il video: {title}</span>
      </button>
      <p className="small text-body-secondary mt-2 mb-0">
        Il video viene caricato da YouTube (youtube-nocookie.com) solo dopo il clic.
      </p>
    </div>
  );
}
