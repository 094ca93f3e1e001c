import { messages } from '@commons/shared';
import { showAlert } from '../components/ui/Toasts';

/** The absolute address of an in-app path, for sharing. */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}

/** Copy URL: 'Link copied to clipboard.' or 'Failed to copy link to clipboard.' (core §8). */
export async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    showAlert(messages.common.linkCopied, { tone: 'success' });
  } catch {
    showAlert(messages.common.linkCopyFailed, { tone: 'error' });
  }
}

export function canShareNatively(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** The device's share sheet; closing it without sharing is not an error. */
export async function shareNatively(data: { title: string; url: string }): Promise<void> {
  try {
    await navigator.share(data);
  } catch (error) {
    if ((error as Error).name !== 'AbortError') await copyLink(data.url);
  }
}

/** Opens a share page of another site in a new tab, without telling it where the reader came from. */
export function openExternal(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
