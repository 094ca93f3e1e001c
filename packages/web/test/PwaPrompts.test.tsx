import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi, type Mock } from 'vitest';
import { ui } from '@commons/shared';
import { notificationMessages } from '@commons/shared/texts/notifications';
import { pwaMessages } from '@commons/shared/texts/pwa';
import { Toasts } from '../src/components/ui/Toasts';
import { InstallBanner } from '../src/features/pwa/components/InstallBanner';
import { NotificationPrompt } from '../src/features/pwa/components/NotificationPrompt';
import { UpdatePrompt } from '../src/features/pwa/components/UpdatePrompt';
import { watchInstallPrompt } from '../src/features/pwa/install-prompt';
import { decodeVapidKey } from '../src/features/pwa/push';
import { watchForUpdates } from '../src/features/pwa/service-worker';
import { NARROW_QUERY } from '../src/lib/device';
import { fakeApi } from './fake-api';
import { makeUser } from './fixtures';
import { setMediaQuery } from './media';
import { renderWithApp } from './render';

/**
 * The installable app's prompts and their conditions (secondary §4). The browser's push, notification
 * and service-worker objects are stand-ins the tests drive; the app's own code runs as it is.
 */

const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : (i * 37) % 256));
const VAPID_KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');
const SUBSCRIPTION = {
  endpoint: 'https://push.example.org/send/abc',
  expirationTime: null,
  keys: { p256dh: 'BPkey', auth: 'authkey' },
};
const DAY = 24 * 60 * 60 * 1000;

interface FakePush {
  subscribed: PushSubscriptionOptionsInit[];
  requestPermission: Mock<() => Promise<NotificationPermission>>;
  permission: NotificationPermission;
  answer: NotificationPermission;
}

let push: FakePush;

function installPushBrowser(): void {
  push = {
    subscribed: [],
    permission: 'default',
    answer: 'granted',
    requestPermission: vi.fn(async () => {
      push.permission = push.answer;
      return push.answer;
    }),
  };
  const pushManager = {
    getSubscription: async () => null,
    subscribe: async (options: PushSubscriptionOptionsInit) => {
      push.subscribed.push(options);
      return { options, toJSON: () => SUBSCRIPTION, unsubscribe: async () => true };
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }), controller: {}, addEventListener: vi.fn() },
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return push.permission;
    },
    requestPermission: () => push.requestPermission(),
  });
}

beforeEach(installPushBrowser);
afterEach(() => {
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
});

function renderNotificationPrompt(options: { loggedIn?: boolean; key?: string } = {}) {
  const user = options.loggedIn === false ? null : makeUser({ username: 'alice' });
  return renderWithApp(
    <>
      <NotificationPrompt />
      <Toasts />
    </>,
    { initial: { user, vapidPublicKey: options.key ?? VAPID_KEY } },
  );
}

const notificationDialog = () => screen.queryByRole('dialog', { name: notificationMessages.turnOn });

describe("'Turn on notifications'", () => {
  test('asks a member on a phone when the server has a key and it never asked; Not now records the ask', async () => {
    setMediaQuery(NARROW_QUERY, true);
    const { user } = renderNotificationPrompt();
    const dialog = await screen.findByRole('dialog', { name: notificationMessages.turnOn });
    expect(dialog.textContent).toContain(pwaMessages.notificationsBody);
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: pwaMessages.notificationsDecline }));
    await waitFor(() => expect(notificationDialog()).toBeNull());
    const asked = Number(localStorage.getItem('notifPermsLastAskedAt'));
    expect(asked).toBeGreaterThanOrEqual(before);
    expect(push.requestPermission).not.toHaveBeenCalled();
  });

  test('Escape also counts as an ask', async () => {
    setMediaQuery(NARROW_QUERY, true);
    const { user } = renderNotificationPrompt();
    await screen.findByRole('dialog', { name: notificationMessages.turnOn });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(notificationDialog()).toBeNull());
    expect(localStorage.getItem('notifPermsLastAskedAt')).not.toBeNull();
  });

  test.each([
    ['a guest', () => renderNotificationPrompt({ loggedIn: false })],
    ['no server key (push off)', () => renderNotificationPrompt({ key: '' })],
    [
      'a desktop',
      () => {
        setMediaQuery(NARROW_QUERY, false);
        return renderNotificationPrompt();
      },
    ],
    [
      'a browser without push',
      () => {
        vi.stubGlobal('PushManager', undefined);
        delete (window as unknown as Record<string, unknown>).PushManager;
        return renderNotificationPrompt();
      },
    ],
    [
      'an ask 29 days ago',
      () => {
        localStorage.setItem('notifPermsLastAskedAt', String(Date.now() - 29 * DAY));
        return renderNotificationPrompt();
      },
    ],
    [
      'permission refused earlier and asked 2 days ago',
      () => {
        push.permission = 'denied';
        localStorage.setItem('notifPermsLastAskedAt', String(Date.now() - 2 * DAY));
        return renderNotificationPrompt();
      },
    ],
  ])('is not shown for %s', async (_name, render) => {
    if (_name !== 'a desktop') setMediaQuery(NARROW_QUERY, true);
    const api = fakeApi({});
    render();
    // Give effects and the (absent) subscription a chance to run.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(notificationDialog()).toBeNull();
    expect(api.requests).toEqual([]);
  });

  test('is asked again once the last ask is over 30 days old', async () => {
    setMediaQuery(NARROW_QUERY, true);
    localStorage.setItem('notifPermsLastAskedAt', String(Date.now() - ui.notificationsReaskMs - 1000));
    renderNotificationPrompt();
    expect(await screen.findByRole('dialog', { name: notificationMessages.turnOn })).toBeTruthy();
  });

  test('Turn on asks the browser, subscribes with the decoded key and sends the subscription', async () => {
    setMediaQuery(NARROW_QUERY, true);
    const api = fakeApi({ 'POST /api/push_subscriptions': { body: { success: true } } });
    const { user } = renderNotificationPrompt();
    await screen.findByRole('dialog', { name: notificationMessages.turnOn });
    await user.click(screen.getByRole('button', { name: pwaMessages.notificationsAccept }));
    await waitFor(() => expect(api.requestsTo('POST /api/push_subscriptions')).toHaveLength(1));
    expect(api.requestsTo('POST /api/push_subscriptions')[0]!.body).toEqual(SUBSCRIPTION);
    expect(push.subscribed).toHaveLength(1);
    expect(push.subscribed[0]!.userVisibleOnly).toBe(true);
    expect([...(push.subscribed[0]!.applicationServerKey as Uint8Array)]).toEqual([...KEY_BYTES]);
    expect(notificationDialog()).toBeNull();
    expect(localStorage.getItem('notifPermsLastAskedAt')).not.toBeNull();
  });

  test("refused permission shows 'It looks like your browser doesn't support push notifications.'", async () => {
    setMediaQuery(NARROW_QUERY, true);
    push.answer = 'denied';
    const api = fakeApi({});
    const { user } = renderNotificationPrompt();
    await screen.findByRole('dialog', { name: notificationMessages.turnOn });
    await user.click(screen.getByRole('button', { name: pwaMessages.notificationsAccept }));
    expect(await screen.findByText(notificationMessages.pushUnsupported)).toBeTruthy();
    expect(push.subscribed).toEqual([]);
    expect(api.requests).toEqual([]);
  });

  test('with permission already granted it re-subscribes silently, on any device', async () => {
    push.permission = 'granted';
    const api = fakeApi({ 'POST /api/push_subscriptions': { body: { success: true } } });
    renderNotificationPrompt();
    await waitFor(() => expect(api.requestsTo('POST /api/push_subscriptions')).toHaveLength(1));
    expect(notificationDialog()).toBeNull();
    expect(push.requestPermission).not.toHaveBeenCalled();
  });
});

describe('decodeVapidKey', () => {
  test('reads base64url without padding', () => {
    expect([...decodeVapidKey(VAPID_KEY)]).toEqual([...KEY_BYTES]);
    expect([...decodeVapidKey('_-8')]).toEqual([0xff, 0xef]);
  });
});

describe("'Update available!'", () => {
  function fakeRegistration() {
    const postMessage = vi.fn();
    const worker = { postMessage } as unknown as ServiceWorker;
    const registration = { waiting: null as ServiceWorker | null, update: vi.fn(async () => undefined) };
    return {
      worker,
      postMessage,
      registration,
      asRegistration: registration as unknown as ServiceWorkerRegistration,
    };
  }
  const updateDialog = () => screen.queryByRole('dialog', { name: notificationMessages.updateAvailable });

  test('on a phone, a waiting worker is found within 10 s and the prompt shows; Reload activates it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setMediaQuery(NARROW_QUERY, true);
    const { worker, postMessage, registration, asRegistration } = fakeRegistration();
    const stop = watchForUpdates(asRegistration);
    const { user } = renderWithApp(<UpdatePrompt />);
    expect(updateDialog()).toBeNull();

    registration.waiting = worker;
    await act(() => vi.advanceTimersByTimeAsync(ui.updateCheckMs));
    expect(updateDialog()).not.toBeNull();
    expect(Number(localStorage.getItem('update_prompt_displayed_at'))).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: pwaMessages.updateNow }));
    expect(postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    stop();
  });

  test('asks the browser for a new worker every 120 s and when the tab becomes visible', async () => {
    vi.useFakeTimers();
    const { registration, asRegistration } = fakeRegistration();
    const stop = watchForUpdates(asRegistration);
    await vi.advanceTimersByTimeAsync(ui.serviceWorkerUpdateMs - 1);
    expect(registration.update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(registration.update).toHaveBeenCalledTimes(1);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(registration.update).toHaveBeenCalledTimes(2);
    stop();
  });

  test('not on a desktop', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { worker, registration, asRegistration } = fakeRegistration();
    registration.waiting = worker;
    const stop = watchForUpdates(asRegistration);
    renderWithApp(<UpdatePrompt />);
    await act(() => vi.advanceTimersByTimeAsync(ui.updateCheckMs * 2));
    expect(updateDialog()).toBeNull();
    stop();
  });

  test('not within 20 minutes of the last time; after Later it comes back once 20 minutes have passed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setMediaQuery(NARROW_QUERY, true);
    localStorage.setItem('update_prompt_displayed_at', String(Date.now() - 19 * 60 * 1000));
    const { worker, registration, asRegistration } = fakeRegistration();
    registration.waiting = worker;
    const stop = watchForUpdates(asRegistration);
    const { user } = renderWithApp(<UpdatePrompt />);
    await act(() => vi.advanceTimersByTimeAsync(ui.updateCheckMs * 3));
    expect(updateDialog()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(60 * 1000));
    expect(updateDialog()).not.toBeNull();

    await user.click(screen.getByRole('button', { name: pwaMessages.later }));
    await waitFor(() => expect(updateDialog()).toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(ui.updatePromptRepeatMs - 60 * 1000));
    expect(updateDialog()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2 * ui.updateCheckMs + 60 * 1000));
    expect(updateDialog()).not.toBeNull();
    stop();
  });
});

describe('the install banner', () => {
  let stopWatching: () => void;
  beforeEach(() => {
    stopWatching = watchInstallPrompt();
  });
  afterEach(() => stopWatching());

  const IPHONE_SAFARI =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
  const banner = () => screen.queryByRole('region', { name: 'Install Commons' });

  function offerInstall() {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(async () => undefined),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => void window.dispatchEvent(event));
    return event;
  }

  test("on the home page, once Chromium offers to install: Install opens the browser's dialog", async () => {
    const { user } = renderWithApp(<InstallBanner />, { path: '/' });
    expect(banner()).toBeNull();
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(banner()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: pwaMessages.install }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
  });

  test('not on other pages', () => {
    renderWithApp(<InstallBanner />, { path: '/communities' });
    offerInstall();
    expect(banner()).toBeNull();
  });

  test('dismissing it is remembered in neverShowInstallBanner, and focus moves on to the content', async () => {
    const { user, unmount } = renderWithApp(
      <>
        <InstallBanner />
        <main id="main" tabIndex={-1} />
      </>,
      { path: '/' },
    );
    offerInstall();
    await user.click(screen.getByRole('button', { name: pwaMessages.installDismiss }));
    expect(banner()).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(localStorage.getItem('neverShowInstallBanner')).toBe('true');
    unmount();
    renderWithApp(<InstallBanner />, { path: '/' });
    offerInstall();
    expect(banner()).toBeNull();
  });

  test('on iOS Safari, Install shows the Add to Home Screen steps', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    const { user } = renderWithApp(<InstallBanner />, { path: '/' });
    expect(banner()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: pwaMessages.install }));
    const steps = await screen.findByRole('dialog', { name: pwaMessages.iosStepsTitle });
    for (const step of [pwaMessages.iosStepShare, pwaMessages.iosStepAdd, pwaMessages.iosStepConfirm]) {
      expect(steps.textContent).toContain(step);
    }
  });

  test('not in the installed app', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    setMediaQuery('(display-mode: standalone)', true);
    renderWithApp(<InstallBanner />, { path: '/' });
    expect(banner()).toBeNull();
  });
});
