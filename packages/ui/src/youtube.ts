export interface YouTubeVideo {
  /** The 11-character video id. */
  id: string;
  /** Start offset in seconds. */
  start?: number;
}

const ID = /^[A-Za-z0-9_-]{11}$/;
const HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const PATH_PREFIXES = ['embed', 'shorts', 'live', 'v', 'e'];

/** "90", "90s", "1m30s", "1h2m3s" → seconds. */
function parseStart(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) || undefined;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!match || value === '') return undefined;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return seconds || undefined;
}

/** Recognises YouTube watch, short, embed, live and youtu.be links; anything else gives null. */
export function parseYouTubeUrl(input: string): YouTubeVideo | null {
  const text = input.trim();
  if (!text || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || (url.port && url.port !== '443' && url.port !== '80')) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (host === 'youtu.be') {
    id = segments[0];
  } else if (HOSTS.has(host)) {
    if (segments[0] === 'watch') id = url.searchParams.get('v');
    else if (segments[0] && PATH_PREFIXES.includes(segments[0])) id = segments[1];
  }
  if (!id || !ID.test(id)) return null;
  const start = parseStart(url.searchParams.get('start') ?? url.searchParams.get('t'));
  return start ? { id, start } : { id };
}

/** The privacy-enhanced embed address (the only frame source the CSP admits). */
export function youTubeEmbedUrl(video: YouTubeVideo): string {
  return `https://www.youtube-nocookie.com/embed/${video.id}${video.start ? `?start=${video.start}` : ''}`;
}
