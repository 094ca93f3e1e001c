import { options, type VNode } from 'preact';

/**
 * Three things react-dom does that Preact does not, added back for the whole app, which renders with
 * Preact through preact/compat (packages/web/vite.config.ts, docs/decisions.md §35):
 * - React puts a controlled field back to the value it was rendered with after every input event, so a
 *   handler that refuses a keystroke (a character a name may not hold, a character past a limit) keeps
 *   the field as it was. Preact only sets a field's value when it renders it again, and a handler that
 *   refuses leaves the state as it was, so nothing renders and the refused text would stay on screen.
 * - React focuses an element rendered with `autoFocus` when it mounts. Preact only writes the autofocus
 *   attribute, which browsers honour once per page load, not for elements added later (the navbar's
 *   search field, a reply box).
 * - React runs effects in a task right after the commit (its scheduler posts a MessageChannel message).
 *   Preact runs them after the next frame (requestAnimationFrame, then a timeout), which on a busy
 *   machine is long enough for a keystroke to arrive first: Escape pressed just after a dialog opened
 *   did not close it, as Radix adds its Escape listener in an effect. See the end of this file.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The value each controlled field was last rendered with. */
const rendered = new WeakMap<Field, string>();
/** Elements already rendered once: autoFocus acts on the first render only, as in React. */
const mounted = new WeakSet<Element>();

const isField = (node: unknown): node is Field =>
  node instanceof HTMLInputElement ||
  node instanceof HTMLTextAreaElement ||
  node instanceof HTMLSelectElement;

const { diffed: previousDiffed, event: previousEvent } = options as {
  diffed?: (vnode: VNode) => void;
  event?: (event: Event) => Event;
};

options.diffed = (vnode: VNode) => {
  if (typeof vnode.type === 'string') {
    // `__e` is the element a vnode rendered to (Preact's `_dom`; the name is fixed by its build).
    const dom = (vnode as VNode & { __e?: unknown }).__e;
    const props = vnode.props as { value?: string | number | readonly string[] | null; autoFocus?: boolean };
    if (isField(dom)) {
      if (props.value === undefined || props.value === null) rendered.delete(dom);
      else rendered.set(dom, String(props.value));
    }
    if (dom instanceof HTMLElement && !mounted.has(dom)) {
      mounted.add(dom);
      // Once the render is over: a new element is not in the document yet when its vnode is diffed.
      if (props.autoFocus) queueMicrotask(() => dom.focus());
    }
  }
  previousDiffed?.(vnode);
};

function restore(field: Field): void {
  const value = rendered.get(field);
  if (value !== undefined && field.value !== value) field.value = value;
}

options.event = (event: Event) => {
  const field = event.target;
  if ((event.type === 'input' || event.type === 'change') && isField(field) && rendered.has(field)) {
    // This runs before the handler; the handler's state change renders in a microtask it queues, and
    // this check must come after that render, hence a microtask that queues the next one.
    queueMicrotask(() => queueMicrotask(() => restore(field)));
  }
  return previousEvent ? previousEvent(event) : event;
};

/**
 * Effects are scheduled the way React schedules them: preact/hooks hands its flush of pending effects to
 * `options.requestAnimationFrame` when one is set (its `afterPaint`), and here that posts a message, a
 * task right after the commit, instead of waiting for a frame. Pending effects also run before a key,
 * pointer, touch or typing event reaches anything (a capture listener on window, reached first), so a
 * keystroke or click that comes before that task still finds the listeners and focus the last render's
 * effects set up. Listeners on the document added then still hear the event: it has not reached them.
 */
const waitingFlushes: (() => void)[] = [];

function runWaitingEffects(): void {
  for (const flush of waitingFlushes.splice(0)) flush();
}

const channel = new MessageChannel();
channel.port1.onmessage = runWaitingEffects;
// In Node (the component tests) an open port would keep the process alive; browsers have no unref.
(channel.port1 as MessagePort & { unref?: () => void }).unref?.();

options.requestAnimationFrame = (flush: () => void) => {
  waitingFlushes.push(flush);
  channel.port2.postMessage(null);
};

for (const type of [
  'keydown',
  'keyup',
  'beforeinput',
  'input',
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'click',
  'touchstart',
  'touchend',
]) {
  window.addEventListener(type, runWaitingEffects, { capture: true, passive: true });
}
